/**
 * The brand's colours and logo mark, written once: the theme (src/styles/theme.ts), the logo in
 * the navbar (src/components/Logo), the social cards and logo.png the build draws
 * (shared/socialImages.ts) and the web app manifest (gatsby-config.ts) all read them here.
 */
export const BRAND = {
  /** The dark brand colour: navbar over heroes, footer, the logo's tile, the manifest's theme. */
  ink: "#0e1a2b",
  /** The mark's arc and the social cards' accents (decorative: 3.1:1 on ink, not for text). */
  copper: "#e07a45",
  /** Light copper: the mark's dot, accents and focus rings on ink (10.8:1 there). */
  sand: "#f4c29b",
  white: "#ffffff",
  mist: "#b8c2d1",
} as const;

/** The logo mark, drawn on a 64x64 grid: a tile, a copper arc and a sand dot. */
export const LOGO_MARK = {
  viewBox: "0 0 64 64",
  tile: { width: 64, height: 64, rx: 14 },
  arc: { d: "M44.5 21.5a15 15 0 1 0 0 21", strokeWidth: 7 },
  dot: { cx: 45, cy: 32, r: 4.5 },
} as const;

/** The mark as SVG markup (social cards, logo.png); `tile` styles the tile behind the arc. */
export function logoMarkSvg(tile: string): string {
  const { tile: t, arc, dot } = LOGO_MARK;
  return `<rect width="${t.width}" height="${t.height}" rx="${t.rx}" ${tile}/><path d="${arc.d}" fill="none" stroke="${BRAND.copper}" stroke-width="${arc.strokeWidth}" stroke-linecap="round"/><circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="${BRAND.sand}"/>`;
}
