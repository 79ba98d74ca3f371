import styled from "styled-components";
import { media } from "../../styles/media";

/**
 * The one fixed area at the bottom of the screen that the consent banner and the country-site
 * suggestion share (issue 16): they sit in its flow, so they never overlap, and being fixed it
 * never moves the page (no layout shift). It is in the static HTML and polite (aria-live), so
 * what appears in it later is announced without taking focus. Empty, it takes no room and lets
 * clicks through.
 */
export const BottomArea = styled.div.attrs({ "aria-live": "polite" })`
  position: fixed;
  z-index: 900;
  right: ${({ theme }) => theme.spacing(1)};
  bottom: ${({ theme }) => theme.spacing(1)};
  left: ${({ theme }) => theme.spacing(1)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
  ${media.up("sm")} {
    right: ${({ theme }) => theme.spacing(2)};
    bottom: ${({ theme }) => theme.spacing(2)};
    left: auto;
    width: 420px;
  }
`;
