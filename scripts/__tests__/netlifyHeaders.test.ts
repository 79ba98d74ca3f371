/** @jest-environment node */
/**
 * What a Netlify deploy answers for each path, from the `_headers` file the build really writes:
 * the site's part (gatsby/lib/headers.ts) completed by gatsby-adapter-netlify's own code
 * (`injectEntries`, the function its `adapt` step calls), read with Netlify's parser and matching
 * rules (scripts/siteServer/netlifyRules.ts, which `npm start` uses too).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { extraNetlifyHeaders, headerRules } from "../../gatsby/lib/headers";
import { headerMatcher, readHeaderRules } from "../siteServer/netlifyRules";

// The adapter's own module (its package exports only its entry point).
const adapter = require(
  path.join(path.dirname(require.resolve("gatsby-adapter-netlify/package.json")), "dist/route-handler.js"),
) as {
  injectEntries(file: string, content: string): Promise<void>;
  processRoutesManifest(routes: unknown[], headerRoutes: unknown[]): { headers: string };
};

const settings = { countryLookupUrl: "https://api.country.is/" };
const rules = headerRules(settings);

/** Gatsby's defaults, as gatsby/dist/utils/adapter/constants.js declares them. */
const BASE = [
  { key: "x-xss-protection", value: "1; mode=block" },
  { key: "x-content-type-options", value: "nosniff" },
  { key: "referrer-policy", value: "same-origin" },
  { key: "x-frame-options", value: "DENY" },
];
const REVALIDATE = [{ key: "cache-control", value: "public, max-age=0, must-revalidate" }, ...BASE];
const IMMUTABLE = [{ key: "cache-control", value: "public, max-age=31536000, immutable" }];

/** The header routes Gatsby hands the adapter: its defaults, then a rule per page from gatsby-config. */
const pageRule = (p: string) => ({ path: p, headers: rules[0].headers });
const headerRoutes = [
  { path: "/*", headers: REVALIDATE },
  { path: "/static/*", headers: IMMUTABLE },
  pageRule("/about"),
  pageRule("/"),
  { path: "/admin/index.html", headers: rules[1].headers },
];

async function deployedHeaders(): Promise<(pathname: string) => Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-"));
  const file = path.join(dir, "_headers");
  fs.writeFileSync(file, extraNetlifyHeaders(rules));
  const { headers } = adapter.processRoutesManifest([], headerRoutes);
  await adapter.injectEntries(file, headers);
  const matcher = headerMatcher(await readHeaderRules(file));
  fs.rmSync(dir, { recursive: true, force: true });
  return matcher;
}

const SECURITY = [
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
];

test("a path no page rule names (a 404) gets the same security headers as the pages", async () => {
  const headersFor = await deployedHeaders();
  const page = headersFor("/about");
  for (const key of SECURITY) expect(page[key]).toBeTruthy();
  for (const missing of ["/no-such-page", "/services/gone", "/about/extra"]) {
    const notFound = headersFor(missing);
    for (const key of SECURITY)
      expect({ path: missing, key, value: notFound[key] }).toEqual({ path: missing, key, value: page[key] });
  }
});

test("the CMS keeps its own policy, and bundles their cache rule", async () => {
  const headersFor = await deployedHeaders();
  expect(headersFor("/admin/")["content-security-policy"]).toBe(rules[1].headers[0].value);
  expect(headersFor("/about")["content-security-policy"]).toBe(rules[0].headers[0].value);
  expect(headersFor("/static/a/b.png")["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headersFor("/about")["cache-control"]).toBe("public, max-age=0, must-revalidate");
});
