import styled, { css } from "styled-components";
import { focusRingOnDark } from "../../styles/focus";
import { theme } from "../../styles/theme";

/**
 * The look every panel in the bottom area shares (the consent banner, the country-site
 * suggestion): a dark card in the area's flow; the area itself is the fixed part.
 */
export const bottomPanel = css`
  border-radius: ${theme.radius * 2}px;
  background: ${theme.colors.ink};
  color: ${theme.colors.onDark};
  box-shadow: 0 8px 24px rgba(14, 26, 43, 0.25);
  ${focusRingOnDark}
  p {
    margin: 0;
  }
  a {
    color: ${theme.colors.white};
    font-weight: 600;
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;

/** A button on a bottom panel: outlined, filled on hover and focus. */
export const PanelButton = styled.button`
  min-height: 44px;
  padding: ${theme.spacing(1, 2)};
  border: 1px solid ${theme.colors.onDark};
  border-radius: ${theme.radius}px;
  background: transparent;
  color: ${theme.colors.onDark};
  font: inherit;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: ${theme.colors.white};
    color: ${theme.colors.ink};
  }
`;
