/**
 * The site's response headers, declared once. The build writes `headerRules()` into the host's
 * config (Netlify: public/_headers) as a few pattern rules (`extraNetlifyHeaders`), and each
 * page's own policy after them (gatsby/lib/pagePolicies.ts); `npm start` (scripts/serve.ts) reads
 * that file, and the browser tests compare it with `headersFor()` of the same rules. Cache
 * lifetimes are Gatsby's own (see `cacheControl`).
 */

import { MARKDOWN_CONTENT_TYPE } from "../../shared/alternates";
import { SEARCH_BUNDLE_PATH, WORKERS_PATH } from "../../shared/search";
import { COMMON_HEADERS } from "../../shared/securityHeaders";
import { adminPolicy, sitePolicy, type HeaderSettings } from "./csp";

export interface Header {
  key: string;
  value: string;
}

/** The shape of gatsby-config's `headers`: a path pattern (`/*`, `/admin/*`) and its headers. */
export interface HeaderRule {
  source: string;
  headers: Header[];
}

/** The headers every response carries whatever it is (shared/securityHeaders.ts, which the function sends too). */
const common: Header[] = COMMON_HEADERS.map(({ key, value }) => ({ key, value }));

/**
 * The images other sites may show: the social cards (`/og/`, in link previews), the processed
 * images and icons (`/static/`, `/icons/`, in the feeds' entries and in search results). Every
 * other response keeps `same-origin`.
 */
export const SHAREABLE_IMAGE_FOLDERS = ["/og/*", "/static/*", "/icons/*"] as const;

/**
 * The folders whose files are no page but where a policy acts, so they get the site's policy
 * without any page's hashes: SVG documents (`/icons/`, `/static/`), and the scripts a worker runs
 * under the policy of their own response (the site search's worker, a webpack chunk the build
 * puts in `/workers/`; Pagefind's scripts; Partytown's service worker). Every
 * other file has the policy of the `/*` rule, whose hashes are the 404 page's (a path without a
 * file is answered with that page): a raster image, a JSON or a script loaded by a page runs no
 * inline script whatever its policy says (gatsby/lib/pagePolicies.ts).
 */
export const POLICY_FOLDERS = [
  "/icons/*",
  "/static/*",
  `${WORKERS_PATH}*`,
  `${SEARCH_BUNDLE_PATH}*`,
  "/~partytown/*",
] as const;

/**
 * The rules, most general first: every path; the folders where the site's policy acts; the CMS
 * under /admin/ with its own policy (and a popup-friendly opener policy: Decap signs in through a
 * popup window that answers its opener by postMessage); and the shareable images, which any site
 * may embed. gatsby/node/onPostBuild.ts writes them into public/_headers (`extraNetlifyHeaders`),
 * as pattern rules: none is copied onto each file.
 */
export function headerRules(settings: HeaderSettings): HeaderRule[] {
  const policy = { key: "content-security-policy", value: sitePolicy(settings) };
  return [
    { source: "/*", headers: [policy, ...common] },
    ...POLICY_FOLDERS.map((source) => ({ source, headers: [policy] })),
    {
      source: "/admin/*",
      headers: [
        { key: "content-security-policy", value: adminPolicy() },
        ...common.map((h) =>
          h.key === "cross-origin-opener-policy" ? { ...h, value: "same-origin-allow-popups" } : h,
        ),
      ],
    },
    ...SHAREABLE_IMAGE_FOLDERS.map((source) => ({
      source,
      headers: [{ key: "cross-origin-resource-policy", value: "cross-origin" }],
    })),
  ];
}

/** Whether a rule's source (an exact path, or a prefix ending in `/*`) covers a request path. */
export function sourceMatches(source: string, pathname: string): boolean {
  if (source.endsWith("/*")) {
    const prefix = source.slice(0, -1);
    return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
  }
  return pathname.replace(/\/$/, "") === source.replace(/\/$/, "");
}

/**
 * Gatsby's cache rule (gatsby/dist/utils/adapter/manager.js, the one the adapter writes): webpack's
 * content-hashed bundles and everything under /static/ (files named by their hash) are kept a year
 * and never revalidated; HTML, page-data and the rest are revalidated on every use.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";
const HASHED_BUNDLE = /^\/[\w.~-]+[-.][0-9a-f]{20}\.(js|css)(\.map)?$/;

export function cacheControl(pathname: string): string {
  return pathname.startsWith("/static/") || HASHED_BUNDLE.test(pathname) ? IMMUTABLE : REVALIDATE;
}

/**
 * The headers a response for `pathname` carries: the cache rule, then every matching rule in the
 * order Gatsby applies them (less specific first, so /admin/* overrides /* key by key).
 */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const out: Record<string, string> = { "cache-control": cacheControl(pathname) };
  const matching = rules
    .filter((rule) => sourceMatches(rule.source, pathname))
    .sort((a, b) => a.source.length - b.source.length);
  for (const rule of matching) for (const { key, value } of rule.headers) out[key] = value;
  return out;
}

/**
 * public/_headers around the adapter's block. Netlify applies every rule whose path matches a
 * request, in file order, a later rule overriding an earlier one key by key; the adapter replaces
 * only the text between its markers and keeps what comes before and after (gatsby/node/
 * onPostBuild.ts writes this before the adapter runs). The adapter's block holds Gatsby's own
 * rules (its `/*` defaults, `referrer-policy: same-origin` among them, `/static/*` and the hashed
 * bundles' cache), no copy of the site's headers: gatsby-config hands it none. So:
 *
 * - before the adapter's block, the site's `/*` rule whole: every path starts from the site's
 *   headers (once the adapter has run, gatsby/lib/pagePolicies.ts gives its policy the 404 page's
 *   hashes, the page a path without a file is answered with);
 * - after it, the `/*` headers that are the same on every path (everything but the policy and the
 *   cross-origin policies), so they override the adapter's `/*` defaults everywhere; then the
 *   folder rules (`headerRules`), each as one pattern (`/admin/*` matches `/admin` and `/admin/`
 *   too);
 * - then each Markdown copy's type; gatsby/lib/pagePolicies.ts appends each page's own policy.
 */
export const ADAPTER_MARKERS = "# gatsby-adapter-netlify start\n# gatsby-adapter-netlify end\n";

const block = (source: string, headers: Header[]) =>
  `${source}\n${headers.map(({ key, value }) => `  ${key}: ${value}\n`).join("")}`;

export function extraNetlifyHeaders(
  rules: HeaderRule[],
  {
    markdownFiles = [],
  }: {
    /** The pages' Markdown copies (/about.md), each of which gets its content type. */
    markdownFiles?: readonly string[];
  } = {},
): string {
  const everywhere = rules.find((r) => r.source === "/*");
  const others = rules.filter((r) => r !== everywhere);
  const sameEverywhere = (everywhere?.headers ?? []).filter(({ key, value }) =>
    others.every((rule) => rule.headers.every((h) => h.key !== key || h.value === value)),
  );
  return [
    "# gatsby/lib/headers.ts: the site's headers on every path, before the adapter's rules\n",
    everywhere ? block("/*", everywhere.headers) : "",
    ADAPTER_MARKERS,
    "# gatsby/lib/headers.ts: what is the same on every path, over the adapter's defaults\n",
    sameEverywhere.length ? block("/*", sameEverywhere) : "",
    "# gatsby/lib/headers.ts: the folders with headers of their own\n",
    ...others.map((rule) => block(rule.source, rule.headers)),
    // Netlify would send its own type for .md; each copy's path is named, as its other rules are.
    markdownFiles.length ? "# gatsby/lib/markdown.ts: the pages' Markdown copies\n" : "",
    ...markdownFiles.map((file) => block(file, [{ key: "content-type", value: MARKDOWN_CONTENT_TYPE }])),
  ].join("");
}
