/** @jest-environment node */
/**
 * What a Netlify deploy answers for each path, from the `_headers` file the build really writes:
 * the site's part (gatsby/lib/headers.ts) completed by gatsby-adapter-netlify's own code
 * (`injectEntries`, the function its `adapt` step calls) from the header routes as the site's
 * wrapper of the adapter hands them over (gatsby/lib/pagePolicies.ts: each page's policy with its
 * inline scripts' hashes), read with Netlify's parser and matching rules
 * (scripts/siteServer/netlifyRules.ts, which `npm start` uses too).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inlineScriptHashes, scriptSources, withScriptHashes } from "../../gatsby/lib/csp";
import { extraNetlifyHeaders, headerRules } from "../../gatsby/lib/headers";
import { hashPagePolicies } from "../../gatsby/lib/pagePolicies";
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
  pageRule("/404"),
  pageRule("/404.html"),
  pageRule("/app-0123456789abcdef0123.js"),
  { path: "/admin/index.html", headers: rules[1].headers },
];

/** The built pages, each with its own inline scripts (Gatsby writes the page's path into one). */
const page = (p: string) =>
  `<!doctype html><html><head><script type="module">const loader = 1;</script></head><body><main>${p}</main><script>window.pagePath="${p}";</script></body></html>`;
/** The files as the adapter leaves them: a page at `<path>.html` (the 404 page too), the CMS's own. */
const FILES: Record<string, string> = {
  "about.html": page("/about"),
  "index.html": page("/"),
  "404.html": page("/404"),
  "admin/index.html": '<!doctype html><html><head><script src="cms.js"></script></head></html>',
  "app-0123456789abcdef0123.js": "console.info(1)",
};

/** The policy a built page must be served with. */
const policyOf = (file: string) =>
  withScriptHashes(rules[0].headers[0].value, inlineScriptHashes(FILES[file]));

async function deployedHeaders(): Promise<(pathname: string) => Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-"));
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const file = path.join(dir, "_headers");
  fs.writeFileSync(file, extraNetlifyHeaders(rules));
  const { headers } = adapter.processRoutesManifest([], headerRoutes);
  await adapter.injectEntries(file, headers);
  fs.writeFileSync(file, hashPagePolicies(fs.readFileSync(file, "utf8"), dir));
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

test("a path no page rule names (a 404) gets the same security headers as the pages, and the 404 page's policy", async () => {
  const headersFor = await deployedHeaders();
  const page = headersFor("/about");
  for (const key of SECURITY) expect(page[key]).toBeTruthy();
  for (const missing of ["/no-such-page", "/services/gone", "/about/extra"]) {
    const notFound = headersFor(missing);
    for (const key of SECURITY.filter((k) => k !== "content-security-policy"))
      expect({ path: missing, key, value: notFound[key] }).toEqual({ path: missing, key, value: page[key] });
    expect(notFound["content-security-policy"]).toBe(policyOf("404.html"));
  }
});

test("each page, at its address (with or without a slash) and as its file, allows exactly its own inline scripts", async () => {
  const headersFor = await deployedHeaders();
  const cases: [string[], string][] = [
    [["/about", "/about/", "/about.html"], "about.html"],
    [["/", "/index.html"], "index.html"],
    [["/404", "/404/", "/404.html"], "404.html"],
  ];
  for (const [urls, file] of cases) {
    const policy = policyOf(file);
    expect(policy).toContain(inlineScriptHashes(FILES[file])[1]);
    for (const url of urls)
      expect({ url, policy: headersFor(url)["content-security-policy"] }).toEqual({ url, policy });
  }
  // Two pages' policies differ by their own scripts only; a script file gets no hash at all.
  expect(policyOf("about.html")).not.toBe(policyOf("index.html"));
  expect(headersFor("/app-0123456789abcdef0123.js")["content-security-policy"]).toBe(
    rules[0].headers[0].value,
  );
  expect(scriptSources(rules[0].headers[0].value).join(" ")).not.toMatch(/'unsafe-inline'|'sha256-/);
});

test("the CMS keeps its own policy, and bundles their cache rule", async () => {
  const headersFor = await deployedHeaders();
  expect(headersFor("/admin/")["content-security-policy"]).toBe(rules[1].headers[0].value);
  expect(headersFor("/about")["content-security-policy"]).toBe(policyOf("about.html"));
  expect(headersFor("/static/a/b.png")["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headersFor("/about")["cache-control"]).toBe("public, max-age=0, must-revalidate");
});
