/**
 * The Content-Security-Policy values, declared once: the site's, the CMS's, and the hashes that
 * let exactly a page's own inline scripts run. gatsby/lib/headers.ts turns them into the header
 * rules every host gets; gatsby/lib/pagePolicies.ts puts each page's hashes into its rule.
 *
 * No policy allows `'unsafe-inline'` scripts: a built page has a handful of inline scripts
 * (Gatsby's page path, chunk map and compilation hash, gatsby-plugin-image's loaders), and each
 * page's policy names the SHA-256 of each of them, computed from the built HTML after the build.
 * An inline script anybody else manages to put into a page matches no hash and does not run.
 */
import { createHash } from "node:crypto";
import { createDocument } from "@mixmark-io/domino";
import { GTAG_ORIGIN } from "../../shared/analyticsIds";
import { resolveCountryLookupUrl } from "../../shared/countryLookupUrl";

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

/**
 * The site's policy. As it is, it lets no inline script run: the policy of everything that is not
 * a page (scripts, images, data). A page's rule adds its own scripts' hashes (`withScriptHashes`).
 */
export function sitePolicy(settings: HeaderSettings): string {
  return policy({
    "default-src": ["'self'"],
    // Script files only from the site and Google's tag host; inline scripts only those of the
    // page itself, by hash. 'wasm-unsafe-eval': the site search (Pagefind, loaded on intent from
    // /pagefind/) compiles its WebAssembly engine; without it Chromium refuses
    // WebAssembly.instantiate (measured: the search dialog then fails to load,
    // e2e/search.test.ts). It allows WebAssembly only, no eval.
    "script-src": ["'self'", "'wasm-unsafe-eval'", GTAG_SCRIPT],
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
    // blob:: Decap reads each image back (fetch) from the blob: URL it made of it, in the editor
    // and when saving an entry with a new image (decap-cms#6829: "Failed to persist entry");
    // e2e/cms-workflow.test.ts saw those reads refused. A blob: URL is made by a script already
    // running in the page, so it opens no way out of it.
    "connect-src": ["'self'", GITHUB_API, "blob:"],
    "frame-src": ["'self'"],
    "worker-src": ["'self'", "blob:"],
    ...LOCKDOWN,
  });
}

/**
 * A policy with `hashes` added to its script-src (after its own sources), or unchanged when there
 * are none. The one way a page's hashes get into its policy, whichever policy that is (the CMS's
 * page has no inline script, so its policy stays as it is).
 */
export function withScriptHashes(value: string, hashes: readonly string[]): string {
  if (!hashes.length) return value;
  const directives = value.split(/\s*;\s*/);
  const i = directives.findIndex((d) => /^script-src(\s|$)/.test(d));
  if (i === -1) throw new Error(`a policy without script-src cannot take script hashes: ${value}`);
  const sources = directives[i].split(/\s+/);
  directives[i] = [...new Set([...sources, ...hashes])].join(" ");
  return directives.join("; ");
}

/** The script-src sources of a policy (for the tests and the checks). */
export const scriptSources = (value: string): string[] =>
  value
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

/**
 * The `type` values of a <script> the browser runs, and so the policy must allow by hash: none or
 * empty, a JavaScript MIME type (the HTML standard's list), `module`, and the two JSON kinds the
 * browser acts on (import maps, speculation rules). Anything else (`application/ld+json`,
 * `text/partytown`) is a data block: never run, never hashed.
 */
const RUN_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

const insideNoscript = (el: Element): boolean => {
  for (let node = el.parentElement; node; node = node.parentElement)
    if (node.localName === "noscript") return true;
  return false;
};

/** The inline scripts of a page that the browser would run: their text, as the parser reads it. */
function runnableInlineScripts(document: Document): string[] {
  // domino's node lists are not iterable: Array.from.
  return Array.from(document.querySelectorAll("script"))
    .filter((s) => !s.hasAttribute("src") && !insideNoscript(s))
    .filter((s) => RUN_TYPES.has((s.getAttribute("type") ?? "").trim().toLowerCase()))
    .map((s) => s.textContent ?? "");
}

/** CSP's hash source for a script's text: SHA-256 of its UTF-8 bytes, base64. */
export const scriptHash = (text: string): string =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** A page as a document: parsed from its HTML, or as given (a caller asking twice parses once). */
export const parsed = (page: string | Document): Document =>
  typeof page === "string" ? createDocument(page) : page;

/**
 * The hash sources of every inline script the browser would run in the page, in page order, each
 * once. The parser (domino, a standards-following HTML parser) reads a script's text the way the
 * browser does (line endings normalised), so the hash is the one the browser computes.
 */
export function inlineScriptHashes(page: string | Document): string[] {
  return [...new Set(runnableInlineScripts(parsed(page)).map(scriptHash))];
}

/**
 * What in a page no hash can allow: event-handler attributes (`onclick=`) and `javascript:` URLs
 * (they would need 'unsafe-hashes' or 'unsafe-inline'). The build fails on them
 * (gatsby/lib/pagePolicies.ts), since the browser would block them without a word on the page.
 */
export function inlineScriptProblems(page: string | Document): string[] {
  const problems: string[] = [];
  for (const el of Array.from(parsed(page).querySelectorAll("*"))) {
    for (const { name, value } of Array.from(el.attributes)) {
      const tag = `<${el.localName} ${name}="${value.slice(0, 40)}">`;
      if (/^on[a-z]+$/i.test(name)) problems.push(`${tag}: an inline event handler`);
      else if (/^\s*javascript:/i.test(value) && /^(href|src|action|formaction|xlink:href)$/i.test(name))
        problems.push(`${tag}: a javascript: URL`);
    }
  }
  return problems;
}
