import { BRAND } from "../../shared/brand";

export const breakpoints = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof breakpoints;

const SPACING_UNIT = 8;

export const theme = {
  breakpoints,
  spacing: (...n: number[]): string => n.map((x) => `${x * SPACING_UNIT}px`).join(" "),
  radius: 4,
  colors: {
    ink: BRAND.ink,
    text: "#1f2a37",
    muted: "#4b5563",
    line: "#e5e7eb",
    surface: "#f6f4f1",
    white: BRAND.white,
    /** Copper: buttons and links. 5.3:1 on white. */
    accent: "#b0481c",
    accentDark: "#8f3a16",
    accentSoft: "#fbe9df",
    /** Light copper: accents and focus rings on ink. 10.8:1 on ink; copper itself is 3.1:1 there. */
    accentOnDark: BRAND.sand,
    onDark: "#f4ede6",
    /** Errors: messages, invalid borders, the error panel's edge. 6.6:1 on white. */
    error: "#b42318",
    /** The error panel's background. */
    errorSoft: "#fef3f2",
    /** The confirmation panel's background. */
    successSoft: "#f3faf5",
    /** Form controls' borders: 3:1 or more against white, as WCAG 1.4.11 asks of a control's edge. */
    controlBorder: "#8a94a3",
  },
  fonts: {
    body: `"Inter", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`,
  },
  maxWidth: "1200px",
  /** Height of the fixed navbar; the page keeps focused elements and anchors out from under it. */
  navbarHeight: "68px",
} as const;

export type Theme = typeof theme;
