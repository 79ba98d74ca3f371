/** @jest-environment node */
/**
 * `npm start`'s server (scripts/serve.ts, run as a process, as a deploy runs it) against request
 * targets a crawler, a link checker or an attacker sends: it must keep serving (no crash, no 5xx),
 * never redirect to another origin, and never answer with a file outside public/.
 */
import path from "node:path";
import type { Server } from "../../test/harness/server";
import {
  makeSiteFixture,
  rawRequest,
  SECRET,
  serveFixture,
  type SiteFixture,
} from "../../test/harness/siteFixture";

const HEADERS = `/*
  x-content-type-options: nosniff
`;

/** Request targets, written as they go on the wire. */
const TARGETS = [
  "//",
  "///",
  "////about",
  "//evil.example/",
  "//evil.example/about/",
  "/\\evil.example",
  "/\\evil.example/about/",
  "/\\x",
  "\\\\evil.example/",
  "/%2F",
  "/%2f%2fevil.example/",
  "/%2Fevil.example%2F..%2Fabout/",
  "/%2Fevil.example%2F..%2Fabout",
  "/%5Cevil.example%5C..%5Cabout/",
  "/%5C%5Cevil.example/",
  "/%5c/evil.example/about/",
  "/about%2F",
  "/about%2F/",
  "/about//",
  "//about/",
  "/services//nlp-solutions/",
  "/services/nlp-solutions//",
  "/admin",
  "/admin//",
  "/..",
  "/../secret.txt",
  "/../../secret.txt",
  "/..%2fsecret.txt",
  "/..%2Fsecret.txt",
  "/%2e%2e/secret.txt",
  "/%2e%2e%2fsecret.txt",
  "/%2E%2E%5Csecret.txt",
  "/about/..%2F..%2Fsecret.txt",
  "/secret-neighbour/..%2F..%2Fsecret.txt",
  "/secret-neighbour/../../secret.txt",
  "/%",
  "/%zz",
  "/%E0%A4%A",
  "/%C0%AF",
  "/%C0%AE%C0%AE/secret.txt",
  "/%00",
  "/about%00.html",
  "/a%00b/",
  `/${"a".repeat(16 * 1024)}`,
  `/${"a/".repeat(4 * 1024)}`,
  `/${"%2F".repeat(2 * 1024)}`,
  "/_headers",
  "/_headers/",
  "/%5Fheaders",
  "/%5fredirects/",
  "/_redirects",
  "/.netlify/functions-internal/echo-js/echo-js.js",
  "/api/echo/..%2F..%2F..%2Fsecret.txt",
  "/api/echo%2F",
  "/api//echo",
  "http://evil.example/about",
  "*",
  "/?%",
  "/about/?q=%0d%0aSet-Cookie:%20x=1",
  "/about/?next=//evil.example",
  "/about/?\u00ff\u00fe",
  "/\u00ff\u00fe/",
  "/ü/",
  "/about/%E2%80%AE/",
  "/404",
  "/404.html",
];

let fixture: SiteFixture;
let server: Server;

beforeAll(async () => {
  fixture = makeSiteFixture(HEADERS);
  // The content folder is the real one: `npm start` reads the site's settings from it.
  server = await serveFixture(fixture, { CONTENT_DIR: path.resolve(__dirname, "../../content") });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fixture?.cleanup();
});

/** A path on this site: one slash, then neither a slash nor a backslash (which browsers read as one). */
const SAME_ORIGIN = /^\/(?![/\\])[^\\]*$/;

test.each(TARGETS.map((t) => [t.length > 60 ? `${t.slice(0, 40)}… (${t.length} chars)` : t, t]))(
  "GET and HEAD %s: no crash, no 5xx, no other origin, nothing from outside public/",
  async (_label, target) => {
    for (const method of ["GET", "HEAD"]) {
      const res = await rawRequest(server.url, target, { method });
      expect(res.status).toBeLessThan(500);
      if (res.headers.location !== undefined) expect(res.headers.location).toMatch(SAME_ORIGIN);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain("exports.handler");
    }
  },
);

test("a Range the file cannot satisfy, or that ends before it starts, is answered, not fatal", async () => {
  for (const range of ["bytes=10-5", "bytes=999999-", "bytes=-", "bytes=abc", "bytes=5-4,1-2"]) {
    const res = await rawRequest(server.url, "/robots.txt", { headers: { Range: range } });
    expect(res.status).toBeLessThan(500);
  }
});

test("after the whole fuzz the server still serves its pages", async () => {
  const home = await rawRequest(server.url, "/");
  expect(home.status).toBe(200);
  expect(home.body).toContain("<h1>Home</h1>");
  const about = await rawRequest(server.url, "/about");
  expect(about.status).toBe(200);
  expect(about.body).toContain("<h1>About</h1>");
});
