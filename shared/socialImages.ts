/**
 * Social (Open Graph / Twitter) card images: where each one lives and what it looks like.
 * Pure, so the SEO component (browser bundle) can import the paths and the tests can read the
 * SVG; gatsby/lib/renderSocialImages.ts turns the SVG into image files with sharp at build time.
 */

import { BRAND, LOGO_MARK, logoMarkSvg } from "./brand";

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
export const SOCIAL_IMAGE_TYPE = "image/png";

export type SocialImageKind = "service" | "industry" | "work";

/** The square logo for the Organization's JSON-LD: Google wants at least 112 px. */
export const LOGO_PATH = "/logo.png";
export const LOGO_SIZE = 512;

export const DEFAULT_SOCIAL_IMAGE = "/og/default.png";

/**
 * The cards' only font. The build draws it from the `dejavu-fonts-ttf` npm package, never from
 * the machine's fonts (gatsby/lib/cardFonts.ts), so the cards are the same everywhere.
 */
export const SOCIAL_IMAGE_FONT = "DejaVu Sans";

export const socialImagePath = (kind: SocialImageKind, slug: string): string => `/og/${kind}/${slug}.png`;

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/**
 * Greedy word wrap by character count: DejaVu Sans Bold averages about 0.6 em per character, so
 * `maxChars` at a given font size keeps a line inside the card. Titles are at most 60 characters
 * (schemas/common.ts), so three lines always suffice; a longer last line is cut with an ellipsis.
 */
export function wrapTitle(title: string, maxChars: number, maxLines = 3): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, maxChars - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

export interface SocialCard {
  /** Small copper line above the title, e.g. "Service" or "Case study · Humm". */
  eyebrow: string;
  title: string;
  siteName: string;
  /** Shown at the bottom right, e.g. the site's host name. */
  footer: string;
}

/** The card as SVG: ink background, copper accents, the logo mark, the title in DejaVu Sans. */
export function socialImageSvg(card: SocialCard): string {
  const W = SOCIAL_IMAGE_WIDTH;
  const H = SOCIAL_IMAGE_HEIGHT;
  const fontSize = card.title.length > 44 ? 60 : 68;
  const lines = wrapTitle(card.title, Math.floor(1040 / (fontSize * 0.6)));
  const lineHeight = Math.round(fontSize * 1.18);
  const top = 300 - ((lines.length - 1) * lineHeight) / 2;
  const title = lines
    .map((l, i) => `<tspan x="80" y="${Math.round(top + i * lineHeight)}">${escapeXml(l)}</tspan>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="${BRAND.ink}"/>
<circle cx="1090" cy="-40" r="260" fill="none" stroke="${BRAND.copper}" stroke-opacity="0.25" stroke-width="36"/>
<rect x="80" y="96" width="72" height="8" rx="4" fill="${BRAND.copper}"/>
<text x="80" y="150" font-family="${SOCIAL_IMAGE_FONT}" font-size="30" font-weight="bold" fill="${BRAND.copper}">${escapeXml(card.eyebrow)}</text>
<text font-family="${SOCIAL_IMAGE_FONT}" font-size="${fontSize}" font-weight="bold" fill="${BRAND.white}">${title}</text>
<g transform="translate(80 486) scale(1.25)">${logoMarkSvg(`fill="${BRAND.white}" fill-opacity="0.08"`)}</g>
<text x="184" y="538" font-family="${SOCIAL_IMAGE_FONT}" font-size="34" font-weight="bold" fill="${BRAND.white}">${escapeXml(card.siteName)}</text>
<text x="1120" y="538" text-anchor="end" font-family="${SOCIAL_IMAGE_FONT}" font-size="26" fill="${BRAND.mist}">${escapeXml(card.footer)}</text>
<rect y="${H - 12}" width="${W}" height="12" fill="${BRAND.copper}"/>
</svg>`;
}

/** The logo mark alone, square, for the Organization's JSON-LD logo. */
export function logoSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${LOGO_MARK.viewBox}">${logoMarkSvg(`fill="${BRAND.ink}"`)}</svg>`;
}

export interface SocialImageInput {
  site: { name: string; tagline: string; siteUrl: string };
  services: readonly { slug: string; title: string }[];
  industries: readonly { slug: string; title: string; kind: string }[];
  works: readonly { slug: string; title: string; client: string }[];
}

/** A card and its file's site path, e.g. /og/service/ux-design.png. */
export type SocialImageJob = SocialCard & { path: string };
type Site = SocialImageInput["site"];

/** The site's host without "www.", or the address as written while it is not one yet (the CMS). */
const hostOf = (siteUrl: string): string => {
  try {
    return new URL(siteUrl).host.replace(/^www\./, "");
  } catch {
    return siteUrl;
  }
};
const base = (site: Site) => ({ siteName: site.name, footer: hostOf(site.siteUrl) });

/**
 * Each page's card: one per service, industry and case study, the default card (the tagline) for
 * every other page. The build draws them (socialImageJobs); the CMS preview draws the one of the
 * entry being edited with the same functions.
 */
export const socialCards = {
  default: (site: Site): SocialImageJob => ({
    ...base(site),
    path: DEFAULT_SOCIAL_IMAGE,
    eyebrow: site.name,
    title: site.tagline,
  }),
  service: (site: Site, s: SocialImageInput["services"][number]): SocialImageJob => ({
    ...base(site),
    path: socialImagePath("service", s.slug),
    eyebrow: "Service",
    title: s.title,
  }),
  industry: (site: Site, i: SocialImageInput["industries"][number]): SocialImageJob => ({
    ...base(site),
    path: socialImagePath("industry", i.slug),
    eyebrow: i.kind === "ai" ? "AI industry" : "Industry",
    title: i.title,
  }),
  work: (site: Site, w: SocialImageInput["works"][number]): SocialImageJob => ({
    ...base(site),
    path: socialImagePath("work", w.slug),
    eyebrow: `Case study · ${w.client}`,
    title: w.title,
  }),
};

/** One card per service, industry and case study, plus the default card for every other page. */
export function socialImageJobs(input: SocialImageInput): SocialImageJob[] {
  return [
    socialCards.default(input.site),
    ...input.services.map((s) => socialCards.service(input.site, s)),
    ...input.industries.map((i) => socialCards.industry(input.site, i)),
    ...input.works.map((w) => socialCards.work(input.site, w)),
  ];
}
