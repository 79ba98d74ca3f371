import { css } from "styled-components";
import { theme } from "./theme";

/**
 * Control styles more than one part of the site shares, so a change to one reaches all of them:
 * the navbar's controls, the phone menu's rows, the surface of a centred modal dialog and its
 * close button.
 */

/** A control in the navbar, which may be transparent over the dark hero: its text colour. */
export const navbarControl = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  border: 0;
  border-radius: ${theme.radius}px;
  background: none;
  font: inherit;
  font-weight: 600;
  color: var(--nav-text);
  text-decoration: none;
  cursor: pointer;
`;

/** A row of the phone menu: the width of the menu, a line under it. */
export const menuRow = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 48px;
  padding: ${theme.spacing(1, 0)};
  border: 0;
  border-bottom: 1px solid ${theme.colors.line};
  background: none;
  font: inherit;
  font-weight: 600;
  text-align: left;
  color: ${theme.colors.ink};
  text-decoration: none;
  cursor: pointer;
`;

/** The close button in the top right corner of a modal dialog. */
export const dialogCloseButton = css`
  position: absolute;
  top: ${theme.spacing(1)};
  right: ${theme.spacing(1)};
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: ${theme.radius}px;
  background: none;
  color: ${theme.colors.ink};
  cursor: pointer;
`;

/**
 * A centred modal dialog's surface (the consultation dialog, the search dialog) and the dimmed
 * page behind it. No drop shadow: on the dark backdrop it barely shows, and a blurred shadow of
 * that size is what the dialog's first frame spent most of its raster on (bench/findings.md).
 */
export const modalSurface = css`
  border: 0;
  border-radius: ${theme.radius * 2}px;
  color: ${theme.colors.text};
  &::backdrop {
    background: rgba(14, 26, 43, 0.6);
  }
`;
