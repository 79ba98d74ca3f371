/**
 * The country → hreflang table: which pages are language/region alternates of each other.
 * One pure module, read by the SEO component (<link rel="alternate" hreflang>) and by the sitemap
 * (xhtml:link alternates), so the two can never disagree.
 *
 * The set is the 14 country pages, each under its content `locale` (uk → en-GB, en-us → en-US),
 * plus the home page as `x-default`, the page for visitors no country page matches. Every page
 * in the set lists every member, itself included, so the alternates are reciprocal.
 */
import { normalizePath, pathFor } from "./routes";

export interface CountryLocale {
  slug: string;
  locale: string;
}

export interface HreflangEntry {
  hreflang: string;
  path: string;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export const X_DEFAULT = "x-default";
export const X_DEFAULT_PATH = "/";

/** language-REGION, e.g. en-GB: ISO 639-1 language, ISO 3166-1 alpha-2 region. */
const LOCALE_PATTERN = /^([a-z]{2})-([A-Z]{2})$/;

/**
 * Codes Intl knows but ISO 3166-1 does not assign to a country: user-assigned (AA, QM-QZ, XA-XZ,
 * ZZ) and "exceptionally reserved" ones such as UK (the country is GB) and EU.
 */
const NOT_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ|UK|EU|EZ|UN|AC|CP|DG|EA|IC|TA)$/;

let regionNames: Intl.DisplayNames | undefined;
let languageNames: Intl.DisplayNames | undefined;

/** True when `code` is x-default or a language-REGION pair whose language and region exist. */
export function isValidHreflang(code: string): boolean {
  if (code === X_DEFAULT) return true;
  const match = LOCALE_PATTERN.exec(code);
  if (!match) return false;
  // Intl.DisplayNames echoes unknown codes back (or returns undefined): a real one gets a name.
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  languageNames ??= new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  const [, language, region] = match;
  return Boolean(languageNames.of(language)) && Boolean(regionNames.of(region)) && !NOT_ASSIGNED.test(region);
}

export class HreflangError extends Error {}

/**
 * Fails on a bad or repeated code, naming the country file. Run once at build (createPages), not
 * in the page: building Intl.DisplayNames costs about 30 ms of main thread in a browser.
 */
export function checkHreflangs(countries: readonly CountryLocale[]): void {
  const seen = new Map<string, string>();
  for (const { slug, locale } of countries) {
    if (!isValidHreflang(locale) || locale === X_DEFAULT) {
      throw new HreflangError(
        `content/countries/${slug}.yaml › locale: "${locale}" is not a valid code such as en-GB`,
      );
    }
    const other = seen.get(locale);
    if (other) {
      throw new HreflangError(
        `content/countries/${slug}.yaml › locale: "${locale}" is already used by ${other}.yaml; each country page needs its own`,
      );
    }
    seen.set(locale, slug);
  }
}

/** The alternates set, sorted by code, with x-default last (codes checked by checkHreflangs). */
export function hreflangTable(countries: readonly CountryLocale[]): HreflangEntry[] {
  const entries = countries.map(({ slug, locale }) => ({ hreflang: locale, path: pathFor("country", slug) }));
  // Plain code-unit order: codes are ASCII, and localeCompare would build an ICU collator in the page.
  entries.sort((a, b) => (a.hreflang < b.hreflang ? -1 : a.hreflang > b.hreflang ? 1 : 0));
  entries.push({ hreflang: X_DEFAULT, path: X_DEFAULT_PATH });
  return entries;
}

/** Absolute alternates for a page, or [] when the page is not one of the set. */
export function alternatesFor(
  path: string,
  countries: readonly CountryLocale[],
  siteUrl: string,
): Alternate[] {
  const table = hreflangTable(countries);
  const here = normalizePath(path);
  if (!table.some((entry) => entry.path === here)) return [];
  return table.map((entry) => ({ hreflang: entry.hreflang, href: absoluteUrl(siteUrl, entry.path) }));
}

/** The site's address with a path; the home page is the bare origin with its slash. */
export const absoluteUrl = (siteUrl: string, path: string): string =>
  path === "/" ? `${siteUrl}/` : `${siteUrl}${normalizePath(path)}`;
