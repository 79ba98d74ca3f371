/**
 * The build as Netlify's own runtime serves it, beside `npm start`: the Netlify CLI (`netlify
 * serve`: Netlify Build, then Netlify's header and rules engines; test/harness/netlifyHost.ts),
 * offline and on loopback, started once for this file on a copy of the build the run already
 * made. Each answer is compared with `npm start`'s (the server e2e/run.ts started); where the CLI
 * answers otherwise by design of its own (HOST_OWN below), docs/deploying.md says why. What only
 * Netlify's CDN can show is in the same section of the guide.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { FRAMEWORKS_CONFIG_FILE } from "../gatsby/lib/hostRules";
import { IMMUTABLE, REVALIDATE } from "../gatsby/lib/headers";
import { contentType } from "../scripts/contentTypes";
import { readRedirects, redirectMatcher } from "../scripts/siteServer/netlifyRules";
import { FEEDS, markdownPath } from "../shared/alternates";
import { gtagScriptUrl } from "../shared/analyticsIds";
import { validRequest } from "../test/consultation";
import { serveWithNetlify, type NetlifyHost } from "../test/harness/netlifyHost";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { startScriptPeer, startWebhook, type ScriptPeer, type WebhookPeer } from "../test/peers";
import { baseUrl, closeBrowser, newPage } from "./lib/browser";
import { eventsSent } from "./lib/gtag";
import { E2E_MEASUREMENT_ID, FAKE_GTAG_JS } from "./lib/outside";
import { waitFor } from "./lib/wait";

const root = path.resolve(__dirname, "..");
const publicDir = path.join(root, "public");
const ID = process.env.GATSBY_GA_MEASUREMENT_ID || E2E_MEASUREMENT_ID;

let host: NetlifyHost;
let gtagHost: ScriptPeer;
let webhook: WebhookPeer;

before(
  async () => {
    [gtagHost, webhook] = await Promise.all([startScriptPeer(FAKE_GTAG_JS), startWebhook()]);
    host = await serveWithNetlify(root, {
      upstreamOrigin: gtagHost.origin,
      // The function as npm start runs it for these tests, with a webhook as its channel (on the
      // serverless runtime the function takes no outbox: docs/leads.md).
      env: {
        CONSULTATION_SECRET: process.env.CONSULTATION_SECRET,
        CONSULTATION_MIN_FILL_MS: "500",
        CONSULTATION_RATE_LIMIT: "100000/600",
        CONSULTATION_WEBHOOK_URL: webhook.url,
        DATABASE_URL: "",
        SMTP_URL: "",
      },
    });
  },
  { timeout: 180_000 },
);

after(async () => {
  await closeBrowser();
  await host?.stop();
  await Promise.all([gtagHost?.stop(), webhook?.stop()]);
});

/** The headers compared: what a response is, and what keeps it safe and cached. */
const COMPARED = [
  "content-type",
  "cache-control",
  "content-security-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
  "cross-origin-opener-policy",
  "cross-origin-resource-policy",
];

/**
 * Where the CLI answers otherwise by behaviour of its own, not of the build (docs/deploying.md,
 * "Netlify's runtime as a test peer"): each, with whether it applies to a difference.
 */
const HOST_OWN: { why: string; applies: (p: string, key: string, local: string, cli: string) => boolean }[] =
  [
    {
      why: "its static server (@fastify/static) sends `public, max-age=0` with every file, over _headers",
      applies: (_p, key, local, cli) =>
        key === "cache-control" && [IMMUTABLE, REVALIDATE].includes(local) && cli === "public, max-age=0",
    },
    {
      why: "its type table (the `mime` package) names JavaScript application/javascript",
      applies: (p, key, local, cli) =>
        key === "content-type" &&
        p.endsWith(".js") &&
        local === contentType(".js") &&
        cli === "application/javascript; charset=utf-8",
    },
    {
      why: "its type table gives XML no charset",
      applies: (p, key, local, cli) =>
        key === "content-type" &&
        p.endsWith(".xml") &&
        local === contentType(".xml") &&
        cli === "application/xml",
    },
    {
      why: "it answers a page's address with a trailing slash with the page instead of a redirect",
      applies: (p, key, local, cli) =>
        p.length > 1 &&
        p.endsWith("/") &&
        ((key === "status" && local === "301" && cli === "200") ||
          (key === "content-type" && local === "" && cli === contentType(".html"))),
    },
  ];

interface Answer {
  status: string;
  headers: Record<string, string>;
}

async function answer(base: string, target: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${target}`, { redirect: "manual", ...init });
  await res.arrayBuffer();
  const headers = Object.fromEntries(COMPARED.map((key) => [key, res.headers.get(key) ?? ""]));
  return { status: String(res.status), headers };
}

/** The differences between npm start's answer and the CLI's that are not the CLI's own behaviour. */
async function differences(target: string, init?: RequestInit): Promise<string[]> {
  const [local, cli] = await Promise.all([answer(baseUrl(), target, init), answer(host.url, target, init)]);
  const pairs: [string, string, string][] = [
    ["status", local.status, cli.status],
    ...COMPARED.map((key): [string, string, string] => [key, local.headers[key], cli.headers[key]]),
  ];
  return pairs
    .filter(([key, l, c]) => l !== c && !HOST_OWN.some((own) => own.applies(target, key, l, c)))
    .map(([key, l, c]) => `${init?.method ?? "GET"} ${target} ${key}: npm start "${l}", the CLI "${c}"`);
}

/** One file of the build under `folder` whose name ends with `suffix`. */
function aFile(folder: string, suffix: string): string {
  const name = fs
    .readdirSync(path.join(publicDir, folder), { recursive: true, encoding: "utf8" })
    .find((f) => f.endsWith(suffix));
  assert.ok(name, `a ${suffix} file under public/${folder}`);
  return `/${path.join(folder, name).split(path.sep).join("/")}`;
}

test("Netlify's runtime answers as npm start: a page of every template, a 404, /admin/, scripts, images, feeds, a Markdown copy, the search index", async () => {
  const home = fs.readFileSync(path.join(publicDir, "index.html"), "utf8");
  const bundle = home.match(/"(\/app-[0-9a-f]{20}\.js)"/)?.[1];
  assert.ok(bundle, "the home page loads app-<hash>.js");
  const paths = [
    ...samplePaths(),
    "/services/nlp-solutions/",
    "/no-such-page",
    "/works/no-such-case",
    "/admin/",
    bundle,
    aFile("workers", ".js"),
    "/~partytown/partytown-sw.js",
    aFile("static", ".jpg"),
    aFile("static", ".webp"),
    aFile("og", ".png"),
    aFile("icons", ".svg"),
    FEEDS.atom.path,
    FEEDS.json.path,
    markdownPath("/about"),
    "/pagefind/pagefind.js",
    "/pagefind/pagefind-entry.json",
    aFile("pagefind", ".pf_meta"),
    aFile("pagefind", ".pagefind"),
    aFile("pagefind", ".pf_index"),
    aFile("pagefind", ".pf_fragment"),
    "/robots.txt",
    "/_headers",
    "/_redirects",
  ];
  const found: string[] = [];
  for (const target of paths) found.push(...(await differences(target)));
  assert.deepEqual(found, []);
});

test("the function answers alike: its form token, a request it refuses, one it takes, a method it does not take", async () => {
  const post = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const found = [
    ...(await differences("/api/consultation")),
    ...(await differences("/api/consultation", post(validRequest({ email: "nope" })))),
    ...(await differences("/api/consultation", post(validRequest()))),
    ...(await differences("/api/consultation", { method: "PUT" })),
  ];
  assert.deepEqual(found, []);
  // Under the CLI the lead went out through its channel.
  await waitFor(async () => webhook.calls.length === 1, "the lead at the webhook");
});

test("every file extension in the build has a correct, non-empty Content-Type, on npm start and under the CLI", async () => {
  const byExtension = new Map<string, string>();
  for (const file of fs.readdirSync(publicDir, { recursive: true, encoding: "utf8" })) {
    const ext = path.extname(file);
    if (!ext || byExtension.has(ext) || !fs.statSync(path.join(publicDir, file)).isFile()) continue;
    byExtension.set(ext, `/${file.split(path.sep).join("/")}`);
  }
  assert.ok(byExtension.size >= 15, [...byExtension.keys()].join(" "));
  const found: string[] = [];
  for (const [ext, target] of byExtension) {
    const [local, cli] = await Promise.all([answer(baseUrl(), target), answer(host.url, target)]);
    const expected = contentType(ext);
    if (local.status !== "200" || local.headers["content-type"] !== expected)
      found.push(
        `${ext} (${target}) on npm start: ${local.status} "${local.headers["content-type"]}", expected "${expected}"`,
      );
    const cliType = cli.headers["content-type"];
    const cliOwn = HOST_OWN.some((own) => own.applies(target, "content-type", expected, cliType));
    if (cli.status !== "200" || !cliType || (cliType !== expected && !cliOwn))
      found.push(`${ext} (${target}) under the CLI: ${cli.status} "${cliType}", expected "${expected}"`);
  }
  assert.deepEqual(found, []);
});

test("a consenting visitor's gtag.js request goes through Netlify's rules to the allowed URL: the tag runs in the worker and counts a page view", async () => {
  const { page, context, outside } = await newPage(
    undefined,
    { baseURL: host.url },
    {
      countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.1", country: "DE" }) },
      proxyReachesServer: true,
    },
  );
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/__third-party-proxy") && asked.push(r.url()));
  context.on("request", (r) => r.url().includes("/__third-party-proxy") && asked.push(r.url()));
  await page.goto("/");
  const copy = routeTable().site.consentBanner;
  await page.getByRole("region", { name: copy.heading }).getByRole("button", { name: copy.accept }).click();
  await waitFor(async () => eventsSent(outside, "config").length > 0, "the tag's config event", 30_000);
  // A client-side navigation: one page_view, sent by the tag in the worker.
  await page.locator("main a[href='/works']").first().click();
  await page.waitForURL((u) => u.pathname === "/works");
  await waitFor(async () => eventsSent(outside, "page_view").length === 1, "a page_view", 15_000);
  // The CLI fetched the one allowed URL from the stand-in, once.
  assert.deepEqual(gtagHost.requests, [
    new URL(gtagScriptUrl(ID)).pathname + new URL(gtagScriptUrl(ID)).search,
  ]);
  // The request as the page made it is the one npm start's matcher (the same engine) rewrites too.
  assert.ok(asked.length > 0, "the worker asked the site for gtag.js");
  const { pathname, search } = new URL(asked[0]);
  const match = await redirectMatcher(await readRedirects(root));
  assert.equal(match({ url: `${pathname}${search}`, headers: {} } as never)?.to, gtagScriptUrl(ID));
  assert.deepEqual(outside.blocked, []);
  await context.close();
});

test("the function Netlify bundled from the copied build holds no file, and names no folder, of this machine's build", () => {
  const bundles = path.join(host.projectDir, ".netlify/functions");
  const zip = fs.readFileSync(path.join(bundles, "consultation-js.zip"));
  // A zip names its files in the clear: no entry from the build this copy came from.
  assert.equal(zip.includes(Buffer.from(root.slice(1))), false, `${root} in the bundle's file names`);
  assert.ok(zip.includes(Buffer.from(".cache/functions/consultation.js")), "the compiled function is in it");
  const manifest = fs.readFileSync(path.join(bundles, "manifest.json"), "utf8");
  assert.ok(!manifest.includes(root), `${root} in ${manifest}`);
  // And the build's own config names none either (what the adapter wrote, corrected).
  for (const file of [
    ".netlify/functions-internal/consultation-js/consultation-js.json",
    FRAMEWORKS_CONFIG_FILE,
  ])
    assert.ok(!fs.readFileSync(path.join(root, file), "utf8").includes(root), file);
});
