import type { BrowserContext, Request, Route } from "playwright-core";
import { routeTable } from "../../test/harness/routes";
import { TEST_MEASUREMENT_ID } from "../../test/harness/production";

/**
 * The machine has no internet, and a test must not depend on it: every request that leaves the
 * site under test is answered here. Third parties the site really calls get a stand-in:
 *  - gtag.js (https://www.googletagmanager.com/gtag/js?id=..., loaded on the main thread): a tiny
 *    script that, like the real one, turns dataLayer commands into collect requests to
 *    www.google-analytics.com, so the tests can see what the tag would have sent;
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
/** Hosts (and Gatsby's Partytown proxy path) that only analytics would call. */
const ANALYTICS_HOSTS = /(^|\.)(googletagmanager\.com|google-analytics\.com|doubleclick\.net)$/;
export const isAnalytics = (url: string): boolean => {
  const { hostname, pathname } = new URL(url);
  return ANALYTICS_HOSTS.test(hostname) || pathname.startsWith("/__third-party-proxy");
};

/** What the stand-in gtag.js does: every 'config' and 'event' command becomes one collect request. */
export const FAKE_GTAG_JS = `
(function () {
  var seen = 0;
  function send(cmd) {
    var params = new URLSearchParams();
    if (cmd[0] === "config") { params.set("tid", cmd[1]); params.set("en", "config"); }
    else if (cmd[0] === "event") { params.set("en", cmd[1]); var p = cmd[2] || {}; Object.keys(p).forEach(function (k) { params.set("ep." + k, String(p[k])); }); }
    else return;
    fetch(${JSON.stringify(COLLECT_URL)} + "?" + params.toString(), { method: "POST", mode: "no-cors" });
  }
  function drain() {
    var dl = self.dataLayer || [];
    for (; seen < dl.length; seen++) send(Array.prototype.slice.call(dl[seen]));
  }
  drain();
  var dl = (self.dataLayer = self.dataLayer || []);
  var push = dl.push;
  dl.push = function () { var r = push.apply(dl, arguments); drain(); return r; };
})();
`;

export interface OutsideOptions {
  /** The lookup service's answer: a status and body, "abort" (network failure) or "hang" (no answer). */
  countryLookup?: { status: number; body: string } | "abort" | "hang";
}

export interface OutsideLog {
  lookups: Request[];
  /** Every request to an analytics host or to Gatsby's third-party proxy, in order. */
  analytics: string[];
  /** The gtag.js requests (the tag loading). */
  tags: URL[];
  collects: URL[];
  blocked: string[];
}

export const isLocal = (url: string): boolean => {
  const { hostname, protocol } = new URL(url);
  return protocol === "data:" || protocol === "blob:" || hostname === "127.0.0.1" || hostname === "localhost";
};

export async function interceptOutside(
  context: BrowserContext,
  options: OutsideOptions = {},
): Promise<OutsideLog> {
  const log: OutsideLog = { lookups: [], analytics: [], tags: [], collects: [], blocked: [] };
  const lookup = options.countryLookup ?? {
    status: 200,
    body: JSON.stringify({ ip: "192.0.2.1", country: "JP" }),
  };
  await context.route(
    (url) => !isLocal(url.href) || url.pathname === "/__third-party-proxy",
    async (route: Route, request: Request) => {
      const url = new URL(request.url());
      if (isAnalytics(url.href)) log.analytics.push(url.href);
      if (url.pathname === "/__third-party-proxy" && isLocal(url.href)) {
        // Nothing goes through Partytown's proxy any more: a request here is a regression.
        log.blocked.push(url.href);
        return route.fulfill({ status: 404, body: "" });
      }
      if (url.href.startsWith(`${GTAG_JS_URL}?`)) {
        log.tags.push(url);
        return route.fulfill({ status: 200, contentType: "text/javascript", body: FAKE_GTAG_JS });
      }
      if (url.href === COUNTRY_LOOKUP_URL) {
        log.lookups.push(request);
        if (lookup === "abort") return route.abort("internetdisconnected");
        if (lookup === "hang") return new Promise<void>(() => {});
        return route.fulfill({
          status: lookup.status,
          contentType: "application/json",
          headers: { "access-control-allow-origin": "*" },
          body: lookup.body,
        });
      }
      if (url.href.startsWith(COLLECT_URL)) {
        log.collects.push(url);
        return route.fulfill({ status: 204, headers: { "access-control-allow-origin": "*" }, body: "" });
      }
      log.blocked.push(url.href);
      return route.abort("blockedbyclient");
    },
  );
  return log;
}
