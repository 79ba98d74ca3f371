import type { BrowserContext, Request, Route } from "playwright-core";
import { routeTable } from "../../test/harness/routes";
import { TEST_MEASUREMENT_ID } from "../../test/harness/production";

/**
 * The machine has no internet, and a test must not depend on it: every request that leaves the
 * site under test is answered here. Third parties the site really calls get a stand-in:
 *  - gtag.js, which Partytown's worker fetches through the site's proxy
 *    (`/__third-party-proxy?url=https://www.googletagmanager.com/gtag/js?id=...`, answered here
 *    before it reaches the server, which has no internet either, unless a test of the host's own
 *    proxy lets it through to a server whose upstream is a stand-in: e2e/netlify-host.test.ts):
 *    a tiny script that, like the real one, reads the dataLayer and sends collect requests to
 *    www.google-analytics.com, so the tests see what the tag would have sent;
 *  - the collect endpoint: an empty 204;
 *  - the country-lookup service: a JSON answer (by default a country with no page of ours);
 *  - anything else from outside: aborted.
 */

/** The measurement id the browser tests' build carries (test/harness/production.ts). */
export const E2E_MEASUREMENT_ID = TEST_MEASUREMENT_ID;
/** The lookup service named in content/site.yaml. */
export const COUNTRY_LOOKUP_URL = routeTable().site.countryLookupUrl;
export const COLLECT_URL = "https://www.google-analytics.com/g/collect";
export const GTAG_JS_URL = "https://www.googletagmanager.com/gtag/js";
export const THIRD_PARTY_PROXY = "/__third-party-proxy";
/** Hosts (and Gatsby's Partytown proxy path) that only analytics would call. */
const ANALYTICS_HOSTS = /(^|\.)(googletagmanager\.com|google-analytics\.com|doubleclick\.net)$/;
export const isAnalytics = (url: string): boolean => {
  const { hostname, pathname } = new URL(url);
  return ANALYTICS_HOSTS.test(hostname) || pathname.startsWith(THIRD_PARTY_PROXY);
};

/**
 * What the stand-in gtag.js does: every command in the dataLayer becomes one collect request,
 * in order, so a test reads the commands the worker ran from what left the browser:
 * `en=consent` with `ep.action` (default or update) and the consent fields, `en=config` with
 * `tid`, and each `event` with its name and parameters (`ep.<name>`). Like the real tag it reads
 * the opt-out flag (`ga-disable-<id>`) before each request, and sends nothing while it is set.
 */
export const FAKE_GTAG_JS = `
(function () {
  var seen = 0, id = "";
  function send(cmd) {
    var params = new URLSearchParams();
    if (cmd[0] === "consent") { params.set("en", "consent"); params.set("ep.action", cmd[1]); var c = cmd[2] || {}; Object.keys(c).forEach(function (k) { params.set("ep." + k, String(c[k])); }); }
    else if (cmd[0] === "config") { id = cmd[1]; params.set("tid", cmd[1]); params.set("en", "config"); }
    else if (cmd[0] === "event") { params.set("en", cmd[1]); var p = cmd[2] || {}; Object.keys(p).forEach(function (k) { params.set("ep." + k, String(p[k])); }); }
    else return;
    if (id && window["ga-disable-" + id] === true) return;
    fetch(${JSON.stringify(COLLECT_URL)} + "?" + params.toString(), { method: "POST", mode: "no-cors" });
  }
  function drain() {
    var dl = window.dataLayer || [];
    for (; seen < dl.length; seen++) send(Array.prototype.slice.call(dl[seen]));
  }
  drain();
  var dl = (window.dataLayer = window.dataLayer || []);
  var push = dl.push;
  dl.push = function () { var r = push.apply(dl, arguments); drain(); return r; };
})();
`;

export interface OutsideOptions {
  /** The lookup service's answer: a status and body, "abort" (network failure) or "hang" (no answer). */
  countryLookup?: { status: number; body: string } | "abort" | "hang";
  /** gtag.js is answered once this settles: a test holds the worker's start while it acts. */
  gtagHeld?: Promise<unknown>;
  /**
   * The worker's request for gtag.js goes on to the server under test (logged, not answered
   * here): a test of the host's own proxy, whose upstream is a stand-in serving FAKE_GTAG_JS.
   */
  proxyReachesServer?: boolean;
}

export interface OutsideLog {
  lookups: Request[];
  /** Every request to an analytics host or to Gatsby's third-party proxy, in order. */
  analytics: string[];
  /** The gtag.js requests (the tag loading), as the URL asked for through the proxy. */
  tags: URL[];
  collects: URL[];
  blocked: string[];
}

export const isLocal = (url: string): boolean => {
  const { hostname, protocol } = new URL(url);
  return protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1" || hostname === "localhost";
};

/** What the outside answers one request with: a response, a network failure, or never. */
export type OutsideReply =
  { status: number; contentType?: string; headers?: Record<string, string>; body: string } | "abort" | "hang";

/** What a request to the outside was, for the log. */
export type OutsideKind = "tag" | "lookup" | "collect" | "blocked";

const DEFAULT_LOOKUP = { status: 200, body: JSON.stringify({ ip: "192.0.2.1", country: "JP" }) };

/**
 * The one answer to a request that leaves the site (or asks the site's Partytown proxy), whatever
 * the engine: Playwright's routing below, and the proxy the other engines go through
 * (e2e/engines/outsideProxy.ts). `lookup` is the country lookup's (by default a country with no
 * page of ours).
 */
export function answerOutside(
  url: URL,
  lookup: OutsideOptions["countryLookup"] = DEFAULT_LOOKUP,
): { kind: OutsideKind; reply: OutsideReply } {
  if (url.pathname === THIRD_PARTY_PROXY && isLocal(url.href)) {
    const target = url.searchParams.get("url") ?? "";
    return target.startsWith(`${GTAG_JS_URL}?`)
      ? { kind: "tag", reply: { status: 200, contentType: "text/javascript", body: FAKE_GTAG_JS } }
      : { kind: "blocked", reply: { status: 404, body: "" } };
  }
  // gtag.js fetched directly, not through the worker's proxy: on the main thread, a regression.
  if (url.href.startsWith(`${GTAG_JS_URL}?`)) return { kind: "blocked", reply: "abort" };
  if (url.href === COUNTRY_LOOKUP_URL) {
    if (lookup === "abort" || lookup === "hang") return { kind: "lookup", reply: lookup };
    const headers = { "access-control-allow-origin": "*" };
    return { kind: "lookup", reply: { ...lookup, contentType: "application/json", headers } };
  }
  if (url.href.startsWith(COLLECT_URL)) {
    const headers = { "access-control-allow-origin": "*" };
    return { kind: "collect", reply: { status: 204, headers, body: "" } };
  }
  return { kind: "blocked", reply: "abort" };
}

export async function interceptOutside(
  context: BrowserContext,
  options: OutsideOptions = {},
): Promise<OutsideLog> {
  const log: OutsideLog = { lookups: [], analytics: [], tags: [], collects: [], blocked: [] };
  await context.route(
    (url) => !isLocal(url.href) || url.pathname === THIRD_PARTY_PROXY,
    async (route: Route, request: Request) => {
      const url = new URL(request.url());
      if (isAnalytics(url.href)) log.analytics.push(url.href);
      const { kind, reply } = answerOutside(url, options.countryLookup);
      if (kind === "tag") {
        log.tags.push(new URL(url.searchParams.get("url")!));
        if (options.proxyReachesServer) return route.continue();
        if (options.gtagHeld) await options.gtagHeld;
      } else if (kind === "lookup") log.lookups.push(request);
      else if (kind === "collect") log.collects.push(url);
      else log.blocked.push(url.href);
      if (reply === "hang") return new Promise<void>(() => {});
      if (reply === "abort")
        return route.abort(kind === "lookup" ? "internetdisconnected" : "blockedbyclient");
      return route.fulfill(reply);
    },
  );
  return log;
}
