import { breakpoints, type Breakpoint } from "./theme";

/** Media-query helpers generated from the theme's breakpoints: `${media.up("md")} { ... }`. */
export const media = {
  up: (bp: Breakpoint): string => `@media (min-width: ${breakpoints[bp]}px)`,
  down: (bp: Breakpoint): string => `@media (max-width: ${breakpoints[bp] - 0.02}px)`,
  minWidth: (px: number): string => `@media (min-width: ${px}px)`,
  maxWidth: (px: number): string => `@media (max-width: ${px}px)`,
};
