/**
 * The site's response headers, declared once. gatsby-config hands `headerRules()` to Gatsby, whose
 * adapter writes them to the host's config (Netlify: public/_headers); `npm start`
 * (scripts/serve.ts) and the browser tests send `headersFor()` of the same rules, so the machine
 * the site runs on and the CDN answer alike. Cache lifetimes are Gatsby's own (see `cacheControl`).
 */

import { GTAG_ORIGIN } from "../../shared/analytics";
import { resolveCountryLookupUrl } from "../../shared/countryLookup";

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
    "script-src": ["'self'", "'unsafe-inline'", GTAG_SCRIPT],
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
    // compiles validators with new Function: 'unsafe-eval'.
    "script-src": ["'self'", "'unsafe-eval'"],
    // Decap styles its UI with emotion, which writes <style> elements at run time.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...GITHUB_IMAGES],
    "font-src": ["'self'", "data:"],
    // Decap looks for its local proxy (`npm run cms`) at this address, and only when the page's
    // host is localhost or 127.0.0.1 (so an editor can run `npm start` and `npm run cms` together).
    "connect-src": ["'self'", GITHUB_API, "http://localhost:8081"],
    "frame-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    ...LOCKDOWN,
  });
}

/**
 * Browser features the site does not use, turned off for it and anything it embeds. (The page
 * reads no sensor, camera, location or payment, and shows no full-screen video.)
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
  "browsing-topics",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Header names are lower case, as Gatsby writes its defaults (x-content-type-options, ...): Gatsby
 * merges a rule's header into its default only when the key is spelled the same.
 */
const common: Header[] = [
  // Two years, the preload list's minimum; not includeSubDomains, so a subdomain served over plain
  // HTTP elsewhere (a mail or landing host) keeps working.
  { key: "strict-transport-security", value: "max-age=63072000" },
  { key: "x-content-type-options", value: "nosniff" },
  // The older twin of frame-ancestors 'none', as Gatsby's adapter defaults send it everywhere.
  { key: "x-frame-options", value: "DENY" },
  { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
  { key: "permissions-policy", value: PERMISSIONS_POLICY },
];

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
 * What public/_headers needs besides the adapter's block. The adapter writes one rule per file it
 * knows (`/admin/index.html`), but Netlify matches rules against the URL (`/admin/`), so a folder
 * whose index page has its own rule (the CMS) gets that rule here under the folder's URL too.
 * Written before the adapter runs, after its markers: the adapter replaces the text between its
 * markers and keeps the rest, so these rules come after its `/*` and override it where both set a
 * header (`referrer-policy`), as its own per-file rules do.
 */
export const ADAPTER_MARKERS = "# gatsby-adapter-netlify start\n# gatsby-adapter-netlify end\n";

export function extraNetlifyHeaders(rules: HeaderRule[]): string {
  const folders = rules.filter((r) => r.source !== "/*" && r.source.endsWith("/*"));
  const blocks = folders.map((rule) => {
    const folder = rule.source.slice(0, -1);
    const lines = rule.headers.map(({ key, value }) => `  ${key}: ${value}`).join("\n");
    return `${folder}\n${lines}\n`;
  });
  return `${ADAPTER_MARKERS}# gatsby/lib/headers.ts: folder index pages the adapter writes no rule for\n${blocks.join("")}`;
}
