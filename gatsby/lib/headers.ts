/**
 * The site's response headers, declared once. gatsby-config hands `headerRules()` to Gatsby, whose
 * adapter writes them to the host's config (Netlify: public/_headers); `npm start`
 * (scripts/serve.ts) and the browser tests send `headersFor()` of the same rules, so the machine
 * the site runs on and the CDN answer alike. Cache lifetimes are Gatsby's own (see `cacheControl`).
 */

import { MARKDOWN_CONTENT_TYPE } from "../../shared/alternates";
import { GTAG_ORIGIN } from "../../shared/analytics";
import { resolveCountryLookupUrl } from "../../shared/countryLookup";
import { COMMON_HEADERS } from "../../shared/securityHeaders";

export interface Header {
  key: string;
  value: string;
}

/** The shape of gatsby-config's `headers`: a path pattern (`/*`, `/admin/*`) and its headers. */
export interface HeaderRule {
  source: string;
  headers: Header[];
}

/** The settings the policy depends on: where the browser may connect besides the site itself. */
export interface HeaderSettings {
  /** The country-lookup service the browser calls (site.yaml `countryLookupUrl`, or its override). */
  countryLookupUrl: string;
}

/**
 * The settings in force for a build: the lookup URL is site.yaml's `countryLookupUrl` unless
 * GATSBY_COUNTRY_LOOKUP_URL overrides it at build time, as it does for the browser's bundle.
 */
export function headerSettings(site: { countryLookupUrl: string }): HeaderSettings {
  return {
    countryLookupUrl: resolveCountryLookupUrl(process.env.GATSBY_COUNTRY_LOOKUP_URL, site.countryLookupUrl),
  };
}

/** Google's hosts for gtag.js (GA4), per Google's "Use Tag Manager with a Content Security Policy". */
const GTAG_SCRIPT = GTAG_ORIGIN;
const GA_COLLECT = ["https://*.google-analytics.com", "https://*.analytics.google.com", GTAG_ORIGIN];
const GA_PIXELS = ["https://*.google-analytics.com", "https://*.googletagmanager.com"];

/**
 * Decap CMS with its GitHub backend (shared/cmsConfig.ts): the app talks to GitHub's REST API; the
 * editor's avatar comes from GitHub's image host; images picked from the repository are shown as
 * blob: URLs. The login is a popup window on the auth endpoint (GATSBY_CMS_AUTH_URL, else
 * api.netlify.com), a navigation that CSP does not restrict; the popup answers by postMessage.
 */
const GITHUB_API = "https://api.github.com";
const GITHUB_IMAGES = ["https://avatars.githubusercontent.com", "https://raw.githubusercontent.com"];

const policy = (directives: Record<string, string[]>): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");

/** Directives every policy ends with: nothing may frame, embed plugins, rebase URLs or post forms elsewhere. */
const LOCKDOWN = {
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

export function sitePolicy(settings: HeaderSettings): string {
  return policy({
    "default-src": ["'self'"],
    // 'unsafe-inline': Gatsby writes inline scripts into every page (the chunk map, the page's
    // data path, gtag's dataLayer set-up); a hash per script would differ from page to page and
    // from build to build, and a nonce needs a server rendering each response, which a CDN of
    // static files is not. Script *files* still come only from the site and Google's tag host.
    // 'wasm-unsafe-eval': the site search (Pagefind, loaded on intent from /pagefind/) compiles
    // its WebAssembly engine; without it Chromium refuses WebAssembly.instantiate (measured: the
    // search dialog then fails to load, e2e/search.test.ts). It allows WebAssembly only, no eval.
    "script-src": ["'self'", "'unsafe-inline'", "'wasm-unsafe-eval'", GTAG_SCRIPT],
    // styled-components renders each page's CSS into a <style> element and sets style attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    // data: for gatsby-plugin-image's inline placeholders; GA's pixels as gtag's fallback.
    "img-src": ["'self'", "data:", ...GA_PIXELS],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...GA_COLLECT, new URL(settings.countryLookupUrl).origin],
    // Partytown (gtag.js in a web worker, ADR 0011) reads the page's interfaces from a hidden
    // same-origin frame, /~partytown/partytown-sandbox-sw.html, which its service worker answers.
    "frame-src": ["'self'"],
    // Partytown's service worker, /~partytown/partytown-sw.js (the worker itself is started from
    // that frame, whose document the service worker writes).
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    ...LOCKDOWN,
  });
}

export function adminPolicy(): string {
  return policy({
    "default-src": ["'self'"],
    // Decap's prebuilt bundle (decap-cms-app.js) inlines nothing, but its config validation (ajv)
    // compiles validators with new Function: 'unsafe-eval' (what breaks without it is measured by
    // e2e/cms-security.test.ts; ADR 0003).
    "script-src": ["'self'", "'unsafe-eval'"],
    // Decap styles its UI with emotion, which writes <style> elements at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...GITHUB_IMAGES],
    "font-src": ["'self'", "data:"],
    // Only GitHub's API. Decap looks for decap-server (`npm run cms`, http://localhost:8081) when
    // the admin is opened on localhost; local editing runs under `gatsby develop`, which sends no
    // headers, so a production build never allows a plain-http or local source (ADR 0003).
    "connect-src": ["'self'", GITHUB_API],
    "frame-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    ...LOCKDOWN,
  });
}

/** The headers every response carries whatever it is (shared/securityHeaders.ts, which the function sends too). */
const common: Header[] = COMMON_HEADERS.map(({ key, value }) => ({ key, value }));

/** The rules gatsby-config declares: every path, and the CMS under /admin/ with its own policy. */
export function headerRules(settings: HeaderSettings): HeaderRule[] {
  return [
    {
      source: "/*",
      headers: [{ key: "content-security-policy", value: sitePolicy(settings) }, ...common],
    },
    {
      source: "/admin/*",
      headers: [{ key: "content-security-policy", value: adminPolicy() }, ...common],
    },
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
 * What public/_headers needs besides the adapter's block. Netlify applies every rule whose path
 * matches a request, in file order, a later rule overriding an earlier one key by key; the adapter
 * replaces only the text between its markers and keeps what comes before and after (gatsby/node/
 * onPostBuild.ts writes this before the adapter runs). The adapter's block holds its own `/*`
 * rule (Gatsby's defaults, `referrer-policy: same-origin` among them) and one rule per file with
 * the site's headers; a path no file has (every 404) would get Gatsby's defaults only. So:
 *
 * - before the adapter's block, the site's `/*` rule whole: every path starts from the site's
 *   headers, and the adapter's per-file rules come later and override them where they differ;
 * - after it, the `/*` headers that are the same on every path (everything but the policy), so
 *   they override the adapter's `/*` defaults everywhere; then the folders whose index page has
 *   its own rule (the CMS): the adapter writes `/admin/index.html`, but Netlify matches the URL
 *   (`/admin/`), so that rule is repeated under the folder's URL.
 */
export const ADAPTER_MARKERS = "# gatsby-adapter-netlify start\n# gatsby-adapter-netlify end\n";

const block = (source: string, headers: Header[]) =>
  `${source}\n${headers.map(({ key, value }) => `  ${key}: ${value}\n`).join("")}`;

export function extraNetlifyHeaders(rules: HeaderRule[], markdownFiles: readonly string[] = []): string {
  const everywhere = rules.find((r) => r.source === "/*");
  const others = rules.filter((r) => r !== everywhere);
  const sameEverywhere = (everywhere?.headers ?? []).filter(({ key, value }) =>
    others.every((rule) => rule.headers.every((h) => h.key !== key || h.value === value)),
  );
  const folders = others.filter((r) => r.source.endsWith("/*"));
  return [
    "# gatsby/lib/headers.ts: the site's headers on every path, before the adapter's rules\n",
    everywhere ? block("/*", everywhere.headers) : "",
    ADAPTER_MARKERS,
    "# gatsby/lib/headers.ts: what is the same on every path, over the adapter's defaults\n",
    sameEverywhere.length ? block("/*", sameEverywhere) : "",
    "# gatsby/lib/headers.ts: folder index pages the adapter writes no rule for\n",
    ...folders.map((rule) => block(rule.source.slice(0, -1), rule.headers)),
    // Netlify would send its own type for .md; each copy's path is named, as its other rules are.
    markdownFiles.length ? "# gatsby/lib/markdown.ts: the pages' Markdown copies\n" : "",
    ...markdownFiles.map((file) => block(file, [{ key: "content-type", value: MARKDOWN_CONTENT_TYPE }])),
  ].join("");
}
