/** @jest-environment node */
/**
 * Partytown's proxy for gtag.js, as Netlify's own rules engine and `npm start` answer it (ADR
 * 0015). The rule is the build's (gatsby/lib/hostRules.ts writes Gatsby's redirect into the
 * Frameworks API's config); the request is the one Gatsby's off-main-thread Script makes
 * (`/__third-party-proxy?url=<URL, percent-encoded once>`, e2e/analytics.test.ts checks the built
 * page's); the upstream is a stand-in on loopback, reached by the rule's own URL with its origin
 * resolved to the stand-in (no network).
 */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { configRedirect, FRAMEWORKS_CONFIG_FILE } from "../../gatsby/lib/hostRules";
import { THIRD_PARTY_PROXY_PATH } from "../../shared/analyticsIds";
import { startHangingWebhook, closedPort } from "../../test/badPeers";
import { startScriptPeer, type ScriptPeer } from "../../test/peers";
import { createSiteServer } from "../siteServer";
import { readRedirects, redirectMatcher } from "../siteServer/netlifyRules";
import type { FetchUpstream } from "../siteServer/thirdPartyProxy";

const GTAG = "https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF";
/** The request the page makes (gatsby-script's proxy URL). */
const asThePageAsks = (url: string) => `${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(url)}`;
/** Gatsby's redirect for a `partytownProxiedURLs` entry, as its Partytown plugin creates it. */
const gatsbyRoute = {
  type: "redirect" as const,
  path: asThePageAsks(GTAG),
  toPath: GTAG,
  status: 200 as const,
  headers: [],
};

/** A project folder as the build leaves it: the function's rewrite in _redirects, the proxy's in the Frameworks API's config. */
function project(redirects = "/api/consultation  /.netlify/functions/consultation-js  200\n"): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "proxy-test-"));
  fs.mkdirSync(path.join(root, "public"));
  fs.mkdirSync(path.dirname(path.join(root, FRAMEWORKS_CONFIG_FILE)), { recursive: true });
  fs.writeFileSync(path.join(root, "public/_redirects"), redirects);
  fs.writeFileSync(
    path.join(root, FRAMEWORKS_CONFIG_FILE),
    JSON.stringify({ redirects: [configRedirect(gatsbyRoute)] }),
  );
  fs.writeFileSync(path.join(root, "public/404.html"), "<!doctype html><title>Not found</title>");
  fs.writeFileSync(path.join(root, "public/_headers"), "/*\n  Content-Security-Policy: default-src 'self'\n");
  return root;
}

const request = (url: string) =>
  ({ url, headers: { host: "www.copperlinelabs.com" } }) as http.IncomingMessage;

test("Netlify's matcher rewrites the page's gtag.js request, encoded once, to the allowed URL, and no other", async () => {
  const root = project();
  const match = await redirectMatcher(await readRedirects(root));
  expect(match(request(asThePageAsks(GTAG)))).toMatchObject({ to: GTAG, status: 200 });
  for (const other of [
    "https://evil.example/",
    `${GTAG}0`,
    `${GTAG}&x=1`,
    "http://127.0.0.1:22/",
    encodeURIComponent(GTAG),
  ])
    expect({ other, match: match(request(asThePageAsks(other))) }).toEqual({ other, match: null });
  expect(match(request(`/other?url=${encodeURIComponent(GTAG)}`))).toBeNull();
  expect(match(request("/api/consultation"))).toMatchObject({ to: "/.netlify/functions/consultation-js" });
  fs.rmSync(root, { recursive: true, force: true });
});

test("the adapter's own _redirects line matches only a URL encoded twice, never the page's request", async () => {
  // What gatsby-adapter-netlify writes for the same route (the reason it moved: ADR 0015).
  const root = project(`${THIRD_PARTY_PROXY_PATH}  url=${encodeURIComponent(GTAG)}  ${GTAG}  200\n`);
  fs.rmSync(path.join(root, FRAMEWORKS_CONFIG_FILE));
  const match = await redirectMatcher(await readRedirects(root));
  expect(match(request(asThePageAsks(GTAG)))).toBeNull();
  expect(match(request(asThePageAsks(encodeURIComponent(GTAG))))).toMatchObject({ to: GTAG });
  fs.rmSync(root, { recursive: true, force: true });
});

describe("npm start's server", () => {
  let root: string;
  let server: http.Server;
  let base: string;
  let peer: ScriptPeer;
  /** Where the rule's origin resolves (the stand-in, unless a test moves it). */
  let upstreamOrigin: string;
  let timeoutMs = 10_000;
  const resolvedToPeer: FetchUpstream = (url, { signal }) => {
    const { pathname, search } = new URL(url);
    return fetch(`${upstreamOrigin}${pathname}${search}`, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  };

  beforeAll(async () => {
    root = project();
    peer = await startScriptPeer("/* gtag */");
    server = await createSiteServer({ root, fetchUpstream: resolvedToPeer });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await peer.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstreamOrigin = peer.origin;
    timeoutMs = 10_000;
    peer.requests.length = 0;
  });

  test("answers the page's request from the allowed URL, with its caching and the site's headers", async () => {
    const res = await fetch(`${base}${asThePageAsks(GTAG)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("/* gtag */");
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=UTF-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(peer.requests).toEqual(["/gtag/js?id=G-AB12CD34EF"]);
  });

  test("is not an open proxy: any other URL is the 404 page and nothing is fetched", async () => {
    for (const url of ["https://evil.example/", `${GTAG}0`, "http://127.0.0.1:22/"]) {
      const res = await fetch(`${base}${asThePageAsks(url)}`);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    expect(peer.requests).toEqual([]);
  });

  test("an unreachable upstream is a 502, a slow one a 504; other methods a 405", async () => {
    upstreamOrigin = `http://127.0.0.1:${await closedPort()}`;
    expect((await fetch(`${base}${asThePageAsks(GTAG)}`)).status).toBe(502);
    const hanging = await startHangingWebhook();
    upstreamOrigin = new URL(hanging.url).origin;
    timeoutMs = 300;
    expect((await fetch(`${base}${asThePageAsks(GTAG)}`)).status).toBe(504);
    await hanging.stop();
    const post = await fetch(`${base}${asThePageAsks(GTAG)}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(peer.requests).toEqual([]);
  });
});
