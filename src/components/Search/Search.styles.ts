import styled, { css } from "styled-components";
import { HYDRATED } from "../../styles/constants";
import { menuRow, navbarControl } from "../../styles/controls";
import { theme } from "../../styles/theme";

/** Inside the navbar, which may be transparent over the dark hero: its text colour. */
const launcher = css`
  ${navbarControl}
  justify-content: center;
  gap: ${theme.spacing(1)};
  min-width: 44px;
  padding: ${theme.spacing(0, 1)};
  svg {
    flex: none;
  }
  &:hover {
    color: ${theme.colors.accent};
  }
  /* The icon alone (the navbar is full at 1280 px): the word stays the accessible name. */
  > span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/**
 * The navbar's control is a link to the portfolio until the page is hydrated (and without
 * JavaScript), then the button that opens the dialog: both are in the HTML and the stylesheet
 * shows one, so nothing re-renders or restyles when React takes over.
 */
export const LauncherLink = styled.a`
  ${launcher}
  ${HYDRATED} & {
    display: none;
  }
`;

export const LauncherButton = styled.button`
  ${launcher}
  html:not([data-hydrated]) & {
    display: none;
  }
`;

/** A row of the phone menu, like its other items. */
export const MenuButton = styled.button`
  ${menuRow}
`;
