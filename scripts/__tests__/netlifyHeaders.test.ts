/** @jest-environment node */
/**
 * What a Netlify deploy answers for each path, from the `_headers` file the build really writes:
 * the site's part (gatsby/lib/headers.ts) completed by gatsby-adapter-netlify's own code
 * (`injectEntries`, the function its `adapt` step calls) from the header routes Gatsby hands it
 * (its own defaults and cache rules: the site's headers are not handed to Gatsby), then each
 * page's policy with its inline scripts' hashes (gatsby/lib/pagePolicies.ts), read with Netlify's
 * parser and matching rules (scripts/siteServer/netlifyRules.ts, which `npm start` uses too).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inlineScriptHashes, scriptSources, withScriptHashes } from "../../gatsby/lib/csp";
import { extraNetlifyHeaders, headerRules } from "../../gatsby/lib/headers";
import { pagePolicies } from "../../gatsby/lib/pagePolicies";
import { headerMatcher, readHeaderRules } from "../siteServer/netlifyRules";

// The adapter's own module (its package exports only its entry point).
const ADAPTER_MODULE = path.join(
  path.dirname(require.resolve("gatsby-adapter-netlify/package.json")),
  "dist/route-handler.js",
);
const adapter = require(ADAPTER_MODULE) as {
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

/** The header routes Gatsby hands the adapter: its defaults, and a rule for each hashed bundle's cache. */
const headerRoutes = [
  { path: "/*", headers: REVALIDATE },
  { path: "/static/*", headers: IMMUTABLE },
  { path: "/app-0123456789abcdef0123.js", headers: IMMUTABLE },
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
  "pagefind/pagefind-worker.js": "onmessage = () => undefined",
  "icons/star.svg": '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

const SITE_POLICY = rules[0].headers[0].value;
const CMS_POLICY = rules.find((r) => r.source === "/admin/*")!.headers[0].value;

/** The policy a built page must be served with. */
const policyOf = (file: string) => withScriptHashes(SITE_POLICY, inlineScriptHashes(FILES[file]));

/** The `_headers` file the build writes for FILES, and what a request for each path gets from it. */
async function deployedHeaders(): Promise<((pathname: string) => Record<string, string>) & { text: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "headers-"));
  for (const [name, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const file = path.join(dir, "_headers");
  fs.writeFileSync(file, extraNetlifyHeaders(rules));
  const { headers } = adapter.processRoutesManifest([], headerRoutes);
  await adapter.injectEntries(file, headers);
  fs.writeFileSync(file, pagePolicies(fs.readFileSync(file, "utf8"), dir));
  const matcher = headerMatcher(await readHeaderRules(file));
  const text = fs.readFileSync(file, "utf8");
  fs.rmSync(dir, { recursive: true, force: true });
  return Object.assign(matcher, { text });
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
  expect(policyOf("about.html")).not.toBe(policyOf("index.html"));
  expect(scriptSources(SITE_POLICY).join(" ")).not.toMatch(/'unsafe-inline'|'sha256-/);
});

test("where a policy acts without a page (a worker's script, an SVG), it allows no inline script; no rule names an image or a script", async () => {
  const headersFor = await deployedHeaders();
  for (const url of ["/pagefind/pagefind-worker.js", "/icons/star.svg", "/~partytown/partytown-sw.js"])
    expect({ url, policy: headersFor(url)["content-security-policy"] }).toEqual({ url, policy: SITE_POLICY });
  // The rules name pages (at both addresses), folders, and the adapter's cache rule of a hashed bundle.
  const named = [...headersFor.text.matchAll(/^\/\S*/gm)].map((m) => m[0]);
  expect(named.filter((p) => !/(^\/[\w/-]*$)|\.html$|\/\*$/.test(p))).toEqual([
    "/app-0123456789abcdef0123.js",
  ]);
});

test("the CMS keeps its own policy, and bundles their cache rule", async () => {
  const headersFor = await deployedHeaders();
  for (const url of ["/admin", "/admin/", "/admin/index.html", "/admin/cms.js"])
    expect({ url, policy: headersFor(url)["content-security-policy"] }).toEqual({ url, policy: CMS_POLICY });
  expect(headersFor("/admin/")["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  expect(headersFor("/about")["content-security-policy"]).toBe(policyOf("about.html"));
  expect(headersFor("/static/a/b.png")["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headersFor("/app-0123456789abcdef0123.js")["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
  expect(headersFor("/about")["cache-control"]).toBe("public, max-age=0, must-revalidate");
});

test("writing the headers leaves nothing behind in the system's temporary folder", () => {
  // The adapter writes the new file in a folder of its own under the system's temporary folder,
  // then moves it into place: every build (and each copy the benchmark builds) left that folder
  // behind, empty. Run in a process of its own, whose temporary folder is this test's.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adapter-tmp-"));
  const site = fs.mkdtempSync(path.join(os.tmpdir(), "adapter-site-"));
  const file = path.join(site, "_headers");
  fs.writeFileSync(file, "/*\n  x-site: kept\n");
  try {
    const run = spawnSync(
      process.execPath,
      [
        "-e",
        `require(${JSON.stringify(ADAPTER_MODULE)}).injectEntries(process.argv[1], "/x\\n  x-adapter: added")`,
        file,
      ],
      { env: { ...process.env, TMPDIR: tmp }, encoding: "utf8" },
    );
    expect(run.stderr).toBe("");
    expect(fs.readFileSync(file, "utf8")).toMatch(/x-site: kept[\s\S]*x-adapter: added/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(site, { recursive: true, force: true });
  }
});
