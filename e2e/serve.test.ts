/**
 * `npm start` on one machine sends the headers the CDN sends: scripts/serve.ts (the server the
 * browser tests run against, started by e2e/run.ts) answers every path with what the build's
 * `public/_headers` gives it, read with Netlify's own parser (scripts/siteServer/netlifyRules.ts),
 * 404 pages included, and without what `gatsby serve` used to add.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { adminPolicy, scriptSources } from "../gatsby/lib/csp";
import { IMMUTABLE, REVALIDATE } from "../gatsby/lib/headers";
import { baseUrl } from "./lib/browser";
import { expectedPolicy, SITE_POLICY } from "./lib/csp";
import { routeTable } from "../test/harness/routes";

async function get(path: string): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, { redirect: "manual" });
}

/** A hashed bundle the home page loads (its name changes with every build). */
async function hashedBundle(): Promise<string> {
  const html = await (await get("/")).text();
  const src = html.match(/"(\/app-[0-9a-f]{20}\.js)"/)?.[1];
  assert.ok(src, "the home page loads app-<hash>.js");
  return src;
}

/** The site search's worker, a chunk of the build (its name changes with every build). */
function searchWorker(): string {
  const dir = path.resolve(__dirname, "../public/workers");
  const [newest] = fs
    .readdirSync(dir)
    .filter((name) => /^search-[0-9a-f]+\.js$/.test(name))
    .sort((a, b) => fs.statSync(path.join(dir, b)).mtimeMs - fs.statSync(path.join(dir, a)).mtimeMs);
  assert.ok(newest, "the build has a workers/search-<hash>.js");
  return `/workers/${newest}`;
}

/** The headers that keep a response safe, whatever it is, besides the policy. */
const SECURITY = [
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

test("every kind of response, a 404 and a redirect included, carries the pages' security headers", async () => {
  const { routes } = routeTable();
  const page = await get("/contact");
  await page.arrayBuffer();
  const pages = routes.slice(0, 12).map((r) => r.path);
  const notFound = ["/no-such-page", "/services/no-such-service"];
  const paths = [
    ...pages,
    ...notFound,
    "/page-data/index/page-data.json",
    await hashedBundle(),
    "/robots.txt",
    "/about/",
    "//",
    "/%2Fevil.example%2F..%2Fabout/",
  ];
  for (const path of paths) {
    const res = await get(path);
    await res.arrayBuffer();
    assert.ok(res.status < 500, `${path}: ${res.status}`);
    for (const key of SECURITY) assert.equal(res.headers.get(key), page.headers.get(key), `${path}: ${key}`);
    // A policy on every response; no inline script runs unless it is the page's own, by hash.
    const policy = res.headers.get("content-security-policy") ?? "";
    assert.ok(policy.startsWith("default-src 'self'"), `${path}: ${policy}`);
    assert.ok(!scriptSources(policy).includes("'unsafe-inline'"), `${path}: ${policy}`);
    if (pages.includes(path)) assert.equal(policy, expectedPolicy(path), path);
    if (notFound.includes(path)) assert.equal(policy, expectedPolicy("/404"), path);
  }
});

test("pages get the site's policy, /admin/ the CMS's, with the cache rules of the adapter", async () => {
  const page = await get("/contact");
  assert.equal(page.status, 200);
  assert.equal(page.headers.get("content-security-policy"), expectedPolicy("/contact"));
  assert.equal(page.headers.get("cache-control"), REVALIDATE);
  assert.match(page.headers.get("strict-transport-security") ?? "", /^max-age=\d{8}/);
  assert.equal(page.headers.get("x-content-type-options"), "nosniff");
  assert.equal(page.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  assert.match(page.headers.get("permissions-policy") ?? "", /camera=\(\).*geolocation=\(\)/);

  const admin = await get("/admin/");
  assert.equal(admin.status, 200);
  assert.equal(admin.headers.get("content-security-policy"), adminPolicy());

  const bundle = await get(await hashedBundle());
  assert.equal(bundle.headers.get("cache-control"), IMMUTABLE);
  // Where a policy acts without a page (the search's worker, an SVG document), no inline script runs.
  for (const path of [searchWorker(), "/icons/social.svg"])
    assert.equal((await get(path)).headers.get("content-security-policy"), SITE_POLICY, path);
  assert.equal((await get("/page-data/index/page-data.json")).headers.get("cache-control"), REVALIDATE);
});

test("other sites may show the social cards and images, nothing else; the CMS may open its sign-in popup", async () => {
  const page = await get("/contact");
  await page.arrayBuffer();
  assert.equal(page.headers.get("cross-origin-opener-policy"), "same-origin");
  assert.equal(page.headers.get("cross-origin-resource-policy"), "same-origin");
  const html = await (await get("/works/humm")).text();
  const card = /<meta property="og:image" content="https?:\/\/[^/"]+(\/og\/[^"]+)"/.exec(html)?.[1];
  const picture = /srcSet="(\/static\/[^" ,]+)/.exec(html)?.[1];
  assert.ok(card && picture, "the case study has a social card and a processed image");
  for (const path of [card, picture, "/icons/social.svg"]) {
    const res = await get(path);
    await res.arrayBuffer();
    assert.equal(res.status, 200, path);
    assert.equal(res.headers.get("cross-origin-resource-policy"), "cross-origin", path);
    assert.equal(res.headers.get("cross-origin-opener-policy"), "same-origin", path);
  }
  const admin = await get("/admin/");
  await admin.arrayBuffer();
  assert.equal(admin.headers.get("cross-origin-opener-policy"), "same-origin-allow-popups");
  assert.equal(admin.headers.get("cross-origin-resource-policy"), "same-origin");
});

test("no X-Powered-By, no Access-Control-Allow-Origin, and the host's config files are not served", async () => {
  for (const path of ["/", "/contact", "/admin/", "/page-data/index/page-data.json"]) {
    const res = await get(path);
    assert.equal(res.headers.get("x-powered-by"), null, path);
    assert.equal(res.headers.get("access-control-allow-origin"), null, path);
  }
  const api = await fetch(`${baseUrl()}/api/consultation`, { method: "OPTIONS" });
  assert.equal(api.headers.get("access-control-allow-origin"), null);
  assert.equal((await get("/_headers")).status, 404);
  assert.equal((await get("/_redirects")).status, 404);
});

test("pages answer at their address without a trailing slash, as on the CDN", async () => {
  assert.equal((await get("/services/nlp-solutions")).status, 200);
  const slash = await get("/services/nlp-solutions/");
  assert.equal(slash.status, 301);
  assert.equal(slash.headers.get("location"), "/services/nlp-solutions");
  const admin = await get("/admin");
  assert.equal(admin.status, 301);
  assert.equal(admin.headers.get("location"), "/admin/");
  const missing = await get("/no-such-page");
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /<html/);
  assert.equal(missing.headers.get("cache-control"), REVALIDATE);
});
