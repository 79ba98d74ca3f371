import styled, { css } from "styled-components";
import { menuRow, navbarControl } from "../../styles/controls";

/** Inside the navbar, which may be transparent over the dark hero: its text colour. */
const launcher = css`
  ${navbarControl}
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(1)};
  min-width: 44px;
  padding: ${({ theme }) => theme.spacing(0, 1)};
  svg {
    flex: none;
  }
  &:hover {
    color: ${({ theme }) => theme.colors.accent};
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

export const LauncherLink = styled.a`
  ${launcher}
`;

export const LauncherButton = styled.button`
  ${launcher}
`;

/** A row of the phone menu, like its other items. */
export const MenuButton = styled.button`
  ${menuRow}
`;
