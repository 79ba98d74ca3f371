/** @jest-environment node */
import { adminPolicy, headerSettings, sitePolicy } from "../csp";
import {
  cacheControl,
  extraNetlifyHeaders,
  headerRules,
  headersFor,
  IMMUTABLE,
  REVALIDATE,
} from "../headers";

const rules = headerRules({ countryLookupUrl: "https://api.country.is/" });

test("the lookup's origin, from site.yaml or GATSBY_COUNTRY_LOOKUP_URL, is the one extra connect-src", () => {
  const saved = process.env.GATSBY_COUNTRY_LOOKUP_URL;
  try {
    delete process.env.GATSBY_COUNTRY_LOOKUP_URL;
    expect(headerSettings({ countryLookupUrl: "https://api.country.is/" }).countryLookupUrl).toBe(
      "https://api.country.is/",
    );
    process.env.GATSBY_COUNTRY_LOOKUP_URL = "http://127.0.0.1:8787/lookup?x=1";
    const settings = headerSettings({ countryLookupUrl: "https://api.country.is/" });
    expect(sitePolicy(settings)).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:8787(;|$)/);
    expect(sitePolicy(settings)).not.toContain("api.country.is");
  } finally {
    if (saved === undefined) delete process.env.GATSBY_COUNTRY_LOOKUP_URL;
    else process.env.GATSBY_COUNTRY_LOOKUP_URL = saved;
  }
});

test("pages get the site's policy; /admin/ and below the CMS's, overriding it key by key", () => {
  expect(headersFor(rules, "/services/nlp-solutions")["content-security-policy"]).toBe(
    sitePolicy({ countryLookupUrl: "https://api.country.is/" }),
  );
  for (const path of ["/admin", "/admin/", "/admin/index.html"]) {
    expect(headersFor(rules, path)["content-security-policy"]).toBe(adminPolicy());
  }
  expect(headersFor(rules, "/administration")["content-security-policy"]).not.toBe(adminPolicy());
});

test("content-hashed bundles and /static/ are immutable, everything else revalidated", () => {
  for (const p of [
    "/app-e2dce1b94ef3f0460e77.js",
    "/framework-280a65a0425707dcd1b3.js",
    "/styles.d3a65e4b5830dc71eb5a.css",
    "/component---src-templates-home-tsx-5ddfad99a1f8af90cf6c.js",
    "/static/abc/123/photo.jpg",
  ]) {
    expect(cacheControl(p)).toBe(IMMUTABLE);
  }
  for (const p of [
    "/",
    "/about",
    "/page-data/index/page-data.json",
    "/sw.js",
    "/robots.txt",
    "/admin/cms.js",
  ]) {
    expect(cacheControl(p)).toBe(REVALIDATE);
  }
});

test("public/_headers: the site's policy on every path before the adapter's rules; after them, what is the same everywhere, then each folder's rule as one pattern", () => {
  const text = extraNetlifyHeaders(rules);
  const start = text.indexOf("# gatsby-adapter-netlify start");
  const end = text.indexOf("# gatsby-adapter-netlify end");
  const [before, after] = [text.slice(0, start), text.slice(end)];
  const policy = sitePolicy({ countryLookupUrl: "https://api.country.is/" });
  expect(before).toMatch(/^\/\*$/m);
  expect(before).toContain(`  content-security-policy: ${policy}\n`);
  expect(after).toMatch(/^\/\*\n {2}strict-transport-security: /m);
  expect(after).toContain("  referrer-policy: strict-origin-when-cross-origin\n");
  // The policy differs from path to path: in the /* rule after the adapter's it would override them all.
  const [everywhere] = after.split("\n/icons/*\n");
  expect(everywhere).not.toContain("content-security-policy");
  // Where a policy acts without a page, the site's without any page's hashes; the CMS its own.
  for (const folder of ["/icons/*", "/static/*", "/workers/*", "/pagefind/*", "/~partytown/*"])
    expect(after).toContain(`${folder}\n  content-security-policy: ${policy}\n`);
  expect(after).toContain(`/admin/*\n  content-security-policy: ${adminPolicy()}\n`);
  // Patterns only: no file is named (each page's policy comes later, gatsby/lib/pagePolicies.ts).
  expect([...text.matchAll(/^\/\S*/gm)].map((m) => m[0]).every((p) => p.endsWith("/*"))).toBe(true);
});

test("public/_headers serves each Markdown copy as text/markdown; charset=utf-8", () => {
  const text = extraNetlifyHeaders(rules, { markdownFiles: ["/index.md", "/services/nlp-solutions.md"] });
  expect(text.indexOf("# gatsby-adapter-netlify end")).toBeLessThan(text.indexOf("\n/index.md\n"));
  expect(text).toContain("\n/index.md\n  content-type: text/markdown; charset=utf-8\n");
  expect(text).toContain("\n/services/nlp-solutions.md\n  content-type: text/markdown; charset=utf-8\n");
  expect(extraNetlifyHeaders(rules)).not.toContain("text/markdown");
});

test("pages may compile WebAssembly (the site search's engine) but never eval", () => {
  const scriptSrc = sitePolicy({ countryLookupUrl: "https://api.country.is/" })
    .split("; ")
    .find((d) => d.startsWith("script-src "))!;
  expect(scriptSrc.split(" ")).toContain("'wasm-unsafe-eval'");
  expect(scriptSrc.split(" ")).not.toContain("'unsafe-eval'");
});
