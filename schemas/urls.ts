/**
 * The shapes of the addresses editors write in content: links (`href`), full https: addresses
 * (the site's own address, social profiles) and the country lookup. Each is a pattern, so the
 * JSON Schemas and the CMS check the same rule as the build, and a function that says what is
 * wrong with a value and how to fix it. No zod here: gatsby-config checks an environment
 * override with the same rule.
 *
 * Why so strict: browsers read `//host/x` and `/\host/x` as another site, and turn `\` into `/` in
 * http(s) addresses, so a link that looks like a path can leave the site; `javascript:` and
 * `data:` run code when clicked; http: can be rewritten on the way.
 */

// Spaces, control characters (C0, DEL, C1) and invisible formatting ones (zero-width, bidi):
// none belong in an address, and some hide what the address really is.
const INVISIBLE = "\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff";
/** The characters allowed after the host, or in a path of this site. */
const REST = `[^\\s\\\\${INVISIBLE}]`;
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
/** A host name with at least one dot, e.g. www.example.com (no user name, no `@`). */
const HOST = `${LABEL}(?:\\.${LABEL})+`;
const PORT = "(?::[0-9]{1,5})?";

/** A full https: address of a web site: host, then optionally a path, query or fragment. */
const HTTPS_URL = `https://${HOST}${PORT}(?:[/?#]${REST}*)?`;
/** A path of this site: one leading `/`, no `//` anywhere, no encoded `/` or `\`. */
const SITE_PATH = `(?!.*//)(?!.*%(?:2[fF]|5[cC]))/${REST}*`;
/** An anchor on the current page, e.g. #faq. */
const FRAGMENT = `#${REST}+`;

export const HREF_PATTERN = `^(?:${SITE_PATH}|${FRAGMENT}|${HTTPS_URL})$`;
export const HTTPS_URL_PATTERN = `^${HTTPS_URL}$`;
/** The site's own address: https, a host and nothing after it (pages' paths are appended). */
export const SITE_URL_PATTERN = `^https://${HOST}${PORT}$`;
/** The country lookup: https, or http on this machine only (a local stub for tests and benchmarks). */
export const LOOKUP_URL_PATTERN = `^(?:https://(?:${HOST}|localhost|127\\.0\\.0\\.1)|http://(?:localhost|127\\.0\\.0\\.1))${PORT}(?:[/?#]${REST}*)?$`;

const matches = (pattern: string, value: string) => new RegExp(pattern).test(value);

/** What is wrong with the parts every address shares, or null. */
function commonProblem(value: string): string | null {
  if (new RegExp(`[\\s${INVISIBLE}]`).test(value))
    return "remove the spaces and invisible characters from the address";
  if (value.includes("\\"))
    return "write / instead of \\ (browsers read a backslash as a slash, which can lead to another site)";
  if (/^http:/i.test(value)) return "write https:// instead of http://";
  return null;
}

const EXAMPLES = "e.g. /about, /#faq or https://www.example.com/page";

/**
 * Why `value` cannot be a link in content, or null when it can: a path of this site
 * (`/about`, `/#a`), an anchor (`#faq`) or a full https: address of another site.
 */
export function hrefProblem(value: string): string | null {
  if (matches(HREF_PATTERN, value)) return null;
  const common = commonProblem(value);
  if (common) return common;
  if (value.startsWith("//"))
    return `a link on this site starts with a single / and a link to another site with https:// (${EXAMPLES})`;
  if (value.startsWith("/")) {
    if (value.includes("//")) return "write the path with single slashes, e.g. /services/ui-design";
    return "write / and \\ as themselves, not encoded as %2F or %5C";
  }
  if (/^https:/i.test(value))
    return "write the full address: https://, the site's name and the page, e.g. https://www.example.com/page";
  return `write a path of this site starting with / or a full https:// address (${EXAMPLES})`;
}

/** Why `value` cannot be a full https: address (a social profile), or null when it can. */
export function httpsUrlProblem(value: string, example: string): string | null {
  if (matches(HTTPS_URL_PATTERN, value)) return null;
  return commonProblem(value) ?? `write a full https:// address, e.g. ${example}`;
}

/** Why `value` cannot be the site's address, or null when it can. */
export function siteUrlProblem(value: string): string | null {
  if (matches(SITE_URL_PATTERN, value)) return null;
  const common = commonProblem(value);
  if (common) return common;
  if (matches(`^https://${HOST}${PORT}/$`, value)) return "leave off the trailing slash";
  return "write the site's https:// address without a path, e.g. https://www.example.com";
}

/** Why `value` cannot be the country lookup's address, or null when it can. */
export function lookupUrlProblem(value: string): string | null {
  if (matches(LOOKUP_URL_PATTERN, value)) return null;
  return "must be an https:// address (http:// only on localhost or 127.0.0.1), e.g. https://api.country.is/";
}
