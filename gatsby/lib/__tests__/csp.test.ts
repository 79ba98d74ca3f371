/** @jest-environment node */
import { createHash } from "node:crypto";
import {
  adminPolicy,
  inlineScriptHashes,
  inlineScriptProblems,
  scriptHash,
  scriptSources,
  sitePolicy,
  withScriptHashes,
} from "../csp";

const settings = { countryLookupUrl: "https://api.country.is/" };
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

test("the site's policy lets no inline script run and no script text be evaluated", () => {
  const sources = scriptSources(sitePolicy(settings));
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  expect(sources).toEqual(["'self'", "'wasm-unsafe-eval'", "https://www.googletagmanager.com"]);
  expect(scriptSources(adminPolicy())).not.toContain("'unsafe-inline'");
});

test("a hash is the one the browser computes: SHA-256 of the script's UTF-8 text, base64", () => {
  // A known pair (openssl dgst -sha256 -binary | base64); the browser tests check that Chromium
  // runs a page's scripts under the hashes computed here (e2e/csp.test.ts).
  expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
  expect(scriptHash("é")).toBe(sha256("é"));
});

test("every inline script the browser runs is hashed, in page order, once; data blocks and files are not", () => {
  const html = `<!doctype html><html><head>
    <script type="application/ld+json">{"@context":"https://schema.org"}</script>
    <script>window.pagePath="/about";</script>
    <script src="/app.js"></script>
    <script type="text/partytown">gtag("config")</script>
    </head><body>
    <script type="module">const t = 1;</script>
    <script type="text/javascript">var a = 1;</script>
    <script type=" Module ">const u = 2;</script>
    <script>window.pagePath="/about";</script>
    <noscript><script>never()</script></noscript>
    <template><script>inert()</script></template>
    <script type="importmap">{"imports":{}}</script>
    </body></html>`;
  expect(inlineScriptHashes(html)).toEqual([
    sha256('window.pagePath="/about";'),
    sha256("const t = 1;"),
    sha256("var a = 1;"),
    sha256("const u = 2;"),
    sha256('{"imports":{}}'),
  ]);
});

test("the text is hashed as the parser reads it: line endings normalised, markup inside kept verbatim", () => {
  expect(inlineScriptHashes("<script>a();\r\nb();\rc();</script>")).toEqual([sha256("a();\nb();\nc();")]);
  expect(inlineScriptHashes('<script>if (a < b && c > d) x = "<b>&amp;</b>";</script>')).toEqual([
    sha256('if (a < b && c > d) x = "<b>&amp;</b>";'),
  ]);
});

test("a page's hashes go into its script-src only, after the policy's own sources, each once", () => {
  const policy = sitePolicy(settings);
  const hashed = withScriptHashes(policy, ["'sha256-AAA='", "'sha256-BBB='", "'sha256-AAA='"]);
  expect(scriptSources(hashed)).toEqual([...scriptSources(policy), "'sha256-AAA='", "'sha256-BBB='"]);
  expect(hashed.replace(/ 'sha256-[^']+'/g, "")).toBe(policy);
  expect(withScriptHashes(policy, [])).toBe(policy);
  expect(() => withScriptHashes("default-src 'self'", ["'sha256-AAA='"])).toThrow(/script-src/);
});

test("what no hash can allow is found: inline event handlers and javascript: URLs", () => {
  expect(inlineScriptProblems('<a href="/about">About</a><img src="/a.png" alt="">')).toEqual([]);
  expect(inlineScriptProblems('<button onclick="go()">Go</button>')).toEqual([
    '<button onclick="go()">: an inline event handler',
  ]);
  expect(inlineScriptProblems('<a href=" javascript:alert(1)">x</a>')).toEqual([
    '<a href=" javascript:alert(1)">: a javascript: URL',
  ]);
  // Text that merely mentions them is fine.
  expect(inlineScriptProblems("<p>onclick= and javascript: are words here</p>")).toEqual([]);
});
