import { css } from "styled-components";
import { theme } from "./theme";

/**
 * For containers with a dark background: focus rings inside them are light copper, which
 * stands out on ink and on the dark hero's gradient (copper itself is only 2-3:1 there).
 */
export const focusRingOnDark = css`
  --focus-ring: ${theme.colors.accentOnDark};
`;

/** For light surfaces inside a dark container (menus, dialogs): back to copper. */
export const focusRingOnLight = css`
  --focus-ring: ${theme.colors.accent};
`;
