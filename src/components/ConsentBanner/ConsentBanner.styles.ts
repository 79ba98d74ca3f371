import styled from "styled-components";
import { media } from "../../styles/media";
import { bottomPanel, PanelButton } from "../BottomArea/BottomArea.styles";
import { theme } from "../../styles/theme";

/**
 * A panel of the bottom area, like the country-site suggestion. On a phone it takes at most a
 * fifth of a 375x667 screen (133 px): the heading runs into the text and both choices share one
 * row (e2e/consent.test.ts measures it; content/site.yaml's copy is held short by its schema).
 */
export const Region = styled.section`
  ${bottomPanel}
  padding: ${theme.spacing(1.25, 1.5)};
  font-size: 0.8125rem;
  line-height: 1.35;
  h2 {
    display: inline;
    margin: 0 0.35em 0 0;
    color: ${theme.colors.white};
    font-size: inherit;
    line-height: inherit;
  }
  p {
    display: inline;
  }
  ${media.up("sm")} {
    padding: ${theme.spacing(1.5, 2)};
    font-size: 0.9rem;
    line-height: 1.4;
    h2 {
      display: block;
      margin: 0 0 ${theme.spacing(0.5)};
      font-size: 1rem;
    }
    p {
      display: block;
    }
  }
`;

export const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.spacing(1)};
  margin-top: ${theme.spacing(1)};
`;

/** Both choices look the same: neither is pushed (equal weight). */
export const Choice = styled(PanelButton)`
  font-weight: 600;
`;
