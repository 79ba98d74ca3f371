import styled from "styled-components";
import { bottomPanel, PanelButton } from "../BottomArea/BottomArea.styles";
import { theme } from "../../styles/theme";

/** A small bar in the bottom area (src/components/BottomArea, the fixed part): never moves the page. */
export const Bar = styled.section`
  ${bottomPanel}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.spacing(2)};
  padding: ${theme.spacing(1, 1, 1, 2)};
`;

export const Dismiss = PanelButton;
