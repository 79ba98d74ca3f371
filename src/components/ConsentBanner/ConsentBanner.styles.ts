import styled from "styled-components";
import { bottomPanel, PanelButton } from "../BottomArea/BottomArea.styles";

/** A panel of the bottom area, like the country-site suggestion. */
export const Region = styled.section`
  ${bottomPanel}
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  font-size: 0.9rem;
  line-height: 1.4;
  h2 {
    margin: 0 0 ${({ theme }) => theme.spacing(0.5)};
    color: ${({ theme }) => theme.colors.white};
    font-size: 1rem;
  }
`;

export const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.spacing(1)};
  margin-top: ${({ theme }) => theme.spacing(1)};
`;

/** Both choices look the same: neither is pushed (equal weight). */
export const Choice = styled(PanelButton)`
  font-weight: 600;
`;
