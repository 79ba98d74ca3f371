import styled, { css } from "styled-components";

/** Inside the navbar, which may be transparent over the dark hero: its text colour. */
const launcher = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.spacing(1)};
  min-width: 44px;
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(0, 1)};
  border: 0;
  border-radius: ${({ theme }) => theme.radius}px;
  background: none;
  font: inherit;
  font-weight: 600;
  color: var(--nav-text);
  text-decoration: none;
  cursor: pointer;
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
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.spacing(1, 0)};
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.line};
  background: none;
  font: inherit;
  font-weight: 600;
  text-align: left;
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
`;
