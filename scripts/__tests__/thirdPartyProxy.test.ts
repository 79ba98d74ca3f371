/** @jest-environment node */
import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createSiteServer } from "../siteServer";
import {
  proxiedUrls,
  proxyTarget,
  THIRD_PARTY_PROXY_PATH,
  type FetchUpstream,
} from "../siteServer/thirdPartyProxy";

/** What gatsby-adapter-netlify writes for gatsby-config's partytownProxiedURLs. */
const GTAG = "https://www.googletagmanager.com/gtag/js?id=G-AB12CD34EF";
const REDIRECTS = [
  "# gatsby-adapter-netlify start",
  `${THIRD_PARTY_PROXY_PATH}  url=${encodeURIComponent(GTAG)}  ${GTAG}  200`,
  "/api/consultation  /.netlify/functions/consultation-js  200",
  "# gatsby-adapter-netlify end",
  "",
].join("\n");

test("reads the proxied URLs from the adapter's rewrites, and nothing else", () => {
  expect([...proxiedUrls(REDIRECTS)]).toEqual([GTAG]);
  // A rewrite whose query does not name its own target, or not https, or not a 200, is ignored.
  expect(
    proxiedUrls(`${THIRD_PARTY_PROXY_PATH}  url=${encodeURIComponent(GTAG)}  https://evil.example/  200`)
      .size,
  ).toBe(0);
  expect(
    proxiedUrls(`${THIRD_PARTY_PROXY_PATH}  url=http%3A%2F%2Fa.example%2F  http://a.example/  200`).size,
  ).toBe(0);
  expect(proxiedUrls(`${THIRD_PARTY_PROXY_PATH}  url=${encodeURIComponent(GTAG)}  ${GTAG}  301`).size).toBe(
    0,
  );
  expect(proxiedUrls(`${THIRD_PARTY_PROXY_PATH}  url=%E0%A4%A  ${GTAG}  200`).size).toBe(0);
});

test("a request names an allowed URL exactly, at the proxy's path", () => {
  const allowed = proxiedUrls(REDIRECTS);
  const at = (target: string) => new URL(target, "http://localhost");
  expect(proxyTarget(at(`${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(GTAG)}`), allowed)).toBe(GTAG);
  expect(
    proxyTarget(at(`${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(`${GTAG}&x=1`)}`), allowed),
  ).toBeUndefined();
  expect(
    proxyTarget(at(`${THIRD_PARTY_PROXY_PATH}?url=https%3A%2F%2Fevil.example%2F`), allowed),
  ).toBeUndefined();
  expect(proxyTarget(at(`/other?url=${encodeURIComponent(GTAG)}`), allowed)).toBeUndefined();
});

describe("npm start's server", () => {
  let root: string;
  let server: http.Server;
  let base: string;
  const upstream = jest.fn<ReturnType<FetchUpstream>, Parameters<FetchUpstream>>();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "proxy-test-"));
    fs.mkdirSync(path.join(root, "public"));
    fs.writeFileSync(path.join(root, "public/_redirects"), REDIRECTS);
    fs.writeFileSync(path.join(root, "public/404.html"), "<!doctype html><title>Not found</title>");
    // The site's rule, as the build writes it into _headers.
    fs.writeFileSync(
      path.join(root, "public/_headers"),
      "/*\n  Content-Security-Policy: default-src 'self'\n",
    );
    server = await createSiteServer({ root, fetchUpstream: upstream });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });
  beforeEach(() => upstream.mockReset());

  test("answers the allowed URL from upstream, with its caching and the site's headers", async () => {
    upstream.mockResolvedValue(
      new Response("/* gtag */", {
        status: 200,
        headers: {
          "content-type": "application/javascript; charset=UTF-8",
          "cache-control": "private, max-age=900",
        },
      }),
    );
    const res = await fetch(`${base}${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(GTAG)}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("/* gtag */");
    expect(res.headers.get("content-type")).toBe("application/javascript; charset=UTF-8");
    expect(res.headers.get("cache-control")).toBe("private, max-age=900");
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
    expect(upstream).toHaveBeenCalledWith(GTAG, expect.objectContaining({ signal: expect.any(AbortSignal) }));
  });

  test("is not an open proxy: any other URL is the 404 page and nothing is fetched", async () => {
    for (const url of ["https://evil.example/", `${GTAG}0`, "http://127.0.0.1:22/"]) {
      const res = await fetch(`${base}${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(url)}`);
      expect(res.status).toBe(404);
    }
    expect(upstream).not.toHaveBeenCalled();
  });

  test("an unreachable upstream is a 502, a slow one a 504; other methods a 405", async () => {
    upstream.mockRejectedValueOnce(new TypeError("fetch failed"));
    expect((await fetch(`${base}${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(GTAG)}`)).status).toBe(
      502,
    );
    upstream.mockRejectedValueOnce(Object.assign(new Error("timed out"), { name: "TimeoutError" }));
    expect((await fetch(`${base}${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(GTAG)}`)).status).toBe(
      504,
    );
    const post = await fetch(`${base}${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(GTAG)}`, {
      method: "POST",
    });
    expect(post.status).toBe(405);
    expect(upstream).toHaveBeenCalledTimes(2);
  });
});
