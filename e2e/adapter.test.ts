/**
 * What gatsby-adapter-netlify made of the build the e2e run already did (gatsby-config declares
 * it, so `gatsby build` writes it; nothing is built here): the headers and redirects Netlify will
 * apply, and the function bundle Netlify will run for /api/consultation, called the way Netlify's
 * runtime calls it.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { Client } from "pg";
import { loadSite } from "../gatsby/lib/content";
import { adminPolicy, headerSettings, scriptSources } from "../gatsby/lib/csp";
import { headerRules, headersFor, IMMUTABLE, REVALIDATE } from "../gatsby/lib/headers";
import { contentDir } from "../gatsby/lib/paths";
import { headersBytesPerPage, HEADERS_BYTES_PER_PAGE_BUDGET } from "../bench/headersSize";
import { readRedirects, redirectMatcher } from "../scripts/siteServer/netlifyRules";
import { gtagScriptUrl, THIRD_PARTY_PROXY_PATH } from "../shared/analyticsIds";
import { API_HEADERS } from "../shared/securityHeaders";
import { SERVERLESS_ENV } from "../src/server/consultation/config";
import { resetProcessStores } from "../src/server/consultation/stores";
import { validRequest } from "../test/consultation";
import { startPostgres, type PostgresServer } from "../test/harness/postgres";
import { GROWN_SITE_DIR } from "../test/harness/grownSite";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { headerMatcher, readHeaderRules, type HeaderRule } from "../scripts/siteServer/netlifyRules";
import { expectedPolicy } from "./lib/csp";
import { keepFunctionLog } from "./lib/netlify";

const root = path.resolve(__dirname, "..");
const publicDir = path.join(root, "public");
const settings = headerSettings(loadSite(contentDir()));
const rules = headerRules(settings);

// ---------------------------------------------------------------------------------------------
// public/_headers, read as Netlify reads it: its own parser, every matching rule in file order, a
// later rule overriding an earlier one key by key (scripts/siteServer/netlifyRules.ts; the
// adapter's own `/*` and `/static/*` cache rules depend on that order too).

let fileRules: HeaderRule[] = [];
let served: (urlPath: string) => Record<string, string> = () => ({});
before(async () => {
  fileRules = await readHeaderRules(path.join(publicDir, "_headers"));
  served = headerMatcher(fileRules);
});

describe("public/_headers and public/_redirects", () => {
  test("every template's page carries its own policy and the security headers", () => {
    // One page of each template (test/harness/samplePages.ts).
    for (const page of samplePaths()) {
      const headers = served(page);
      for (const [key, value] of Object.entries(headersFor(rules, page))) {
        if (key !== "content-security-policy") assert.equal(headers[key], value, `${page}: ${key}`);
      }
      assert.equal(headers["content-security-policy"], expectedPolicy(page), page);
    }
  });

  test("every page, at its address and as its .html file, allows exactly its own inline scripts; a path with no page, the 404 page's", () => {
    const { routes } = routeTable();
    assert.ok(routes.length >= 110, `routes: ${routes.length}`);
    for (const { path: page } of routes) {
      const policy = expectedPolicy(page);
      assert.match(policy, /'sha256-/, `${page}: its inline scripts are hashed`);
      const file = page === "/" ? "/index.html" : `${page}.html`;
      for (const url of [page, file]) assert.equal(served(url)["content-security-policy"], policy, url);
    }
    const notFound = expectedPolicy("/404");
    for (const url of ["/404", "/404.html", "/no-such-page", "/services/gone", "/about/extra"])
      assert.equal(served(url)["content-security-policy"], notFound, url);
  });

  test("no rule lets an inline script run unhashed, script text be evaluated on the site, or anything the Observatory marks down", () => {
    const policies = fileRules.flatMap((rule) => {
      const value = rule.values["content-security-policy"] ?? rule.values["Content-Security-Policy"];
      return value ? [{ for: rule.for, value }] : [];
    });
    assert.ok(policies.length > 100, `${policies.length} rules with a policy`);
    for (const { for: source, value } of policies) {
      const sources = scriptSources(value);
      assert.ok(!sources.includes("'unsafe-inline'"), `${source}: 'unsafe-inline'`);
      if (!source.startsWith("/admin"))
        assert.ok(!sources.includes("'unsafe-eval'"), `${source}: 'unsafe-eval'`);
      // The rest of what MDN's HTTP Observatory checks in a policy.
      const directives = value.split(/\s*;\s*/);
      for (const required of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"])
        assert.ok(directives.includes(required), `${source}: ${required}`);
      assert.doesNotMatch(
        value,
        /(^|\s)http:|localhost|127\.0\.0\.1/,
        `${source}: an insecure or local source`,
      );
    }
  });

  test("the site's policy: self and Google's tag, nothing framed, embedded or posted elsewhere", () => {
    const csp = served("/contact")["content-security-policy"];
    const directive = (name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
    assert.match(
      directive("script-src"),
      /^script-src 'self' 'wasm-unsafe-eval' https:\/\/www\.googletagmanager\.com( 'sha256-[\w+/]+=*')+$/,
    );
    assert.ok(directive("connect-src").includes(new URL(settings.countryLookupUrl).origin));
    assert.ok(directive("connect-src").includes("https://*.google-analytics.com"));
    for (const d of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      assert.ok(csp.split("; ").includes(d), d);
    }
    // WebAssembly may be compiled (the site search), script text may not be evaluated.
    assert.ok(!csp.split(/[\s;]+/).includes("'unsafe-eval'"));
  });

  test("/admin/ (the URL, and its file) gets the CMS's own policy", () => {
    for (const url of ["/admin/", "/admin/index.html"]) {
      assert.equal(served(url)["content-security-policy"], adminPolicy(), url);
      assert.equal(served(url)["referrer-policy"], "strict-origin-when-cross-origin", url);
    }
    assert.match(adminPolicy(), /connect-src 'self' https:\/\/api\.github\.com/);
  });

  test("hashed bundles and /static/ are immutable for a year; HTML and page-data are revalidated", () => {
    // The bundles this build's pages load (public/ may still hold an earlier build's): in src or
    // href, or in the list the script starter runs after the first view (scriptsAfterFirstView).
    const html = ["index.html", "contact.html"].map((f) => fs.readFileSync(path.join(publicDir, f), "utf8"));
    const loaded = html.flatMap((h) => [
      ...h.matchAll(/(?:src=|href=|[[,])"\/([\w.~-]+[-.][0-9a-f]{20}\.(?:js|css))"/g),
    ]);
    const bundles = [...new Set(loaded.map((m) => m[1]))];
    assert.ok(bundles.some((f) => f.startsWith("app-")) && bundles.some((f) => f.startsWith("framework-")));
    for (const file of bundles) assert.equal(served(`/${file}`)["cache-control"], IMMUTABLE, file);
    const staticFile = fs.readdirSync(path.join(publicDir, "static"), { recursive: true })[0];
    assert.equal(served(`/static/${String(staticFile)}`)["cache-control"], IMMUTABLE);
    for (const url of ["/", "/contact", "/page-data/contact/page-data.json", "/page-data/app-data.json"]) {
      assert.equal(served(url)["cache-control"], REVALIDATE, url);
    }
    // What the local server sends for the same files.
    assert.equal(headersFor(rules, `/${bundles[0]}`)["cache-control"], IMMUTABLE);
  });

  test("the rules send /api/consultation and /api/health to their functions, and only gtag.js through Partytown's proxy", async () => {
    // Read and matched as the host does (public/_redirects and the Frameworks API's config).
    const rules = await readRedirects(root);
    const match = await redirectMatcher(rules);
    const asked = (url: string) => ({ url, headers: {} }) as never;
    for (const fn of ["consultation", "health"]) {
      const rule = match(asked(`/api/${fn}`));
      assert.equal(rule?.to, `/.netlify/functions/${fn}-js`, fn);
      assert.equal(rule?.status, 200, fn);
      assert.ok(fs.existsSync(path.join(root, ".netlify/functions-internal", `${fn}-js`, `${fn}-js.js`)), fn);
    }
    assert.equal(match(asked("/api/other")), null);
    const gtag = gtagScriptUrl(process.env.GATSBY_GA_MEASUREMENT_ID!);
    assert.equal(match(asked(`${THIRD_PARTY_PROXY_PATH}?url=${encodeURIComponent(gtag)}`))?.to, gtag);
    const proxied = rules.filter((r) => r.from === THIRD_PARTY_PROXY_PATH).map((r) => r.to);
    assert.deepEqual(proxied, [gtag]);
    assert.doesNotMatch(fs.readFileSync(path.join(publicDir, "_redirects"), "utf8"), /__third-party-proxy/);
  });

  test(`public/_headers grows with the pages, not with the files: at most ${HEADERS_BYTES_PER_PAGE_BUDGET} bytes per page, on this site and the grown one`, () => {
    for (const dir of [publicDir, path.join(GROWN_SITE_DIR, "public")]) {
      const { perPage, pages } = headersBytesPerPage(dir);
      assert.ok(pages > 100, `${dir}: ${pages} pages`);
      assert.ok(perPage <= HEADERS_BYTES_PER_PAGE_BUDGET, `${dir}: ${perPage.toFixed(0)} bytes per page`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The function bundle, called as Netlify's runtime calls it

type Handler = (event: unknown, context: unknown) => Promise<LambdaResult>;
interface LambdaResult {
  statusCode: number;
  multiValueHeaders?: Record<string, string[]>;
  body?: string;
  isBase64Encoded?: boolean;
}

const FUNCTION_DIR = path.join(root, ".netlify/functions-internal/consultation-js");

/**
 * The Lambda-style event Netlify builds from a visitor's request (the adapter's handler takes
 * `handler(event, context)`, not a Web `Request`): here built from a real `Request`, with the
 * headers a real one has (content-length included) and the address Netlify vouches for.
 */
async function eventFrom(request: Request, clientIp: string) {
  const body = await request.text();
  const url = new URL(request.url);
  const headers: Record<string, string> = {
    ...Object.fromEntries(request.headers),
    host: url.host,
    "content-length": String(Buffer.byteLength(body)),
    "x-forwarded-for": clientIp,
    "x-nf-client-connection-ip": clientIp,
    "user-agent": "Mozilla/5.0 (adapter test)",
  };
  return {
    rawUrl: url.href,
    rawQuery: url.search.slice(1),
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: {},
    multiValueQueryStringParameters: {},
    body,
    isBase64Encoded: false,
  };
}

/** The function's answer as a Web `Response`. */
function responseFrom(result: LambdaResult): Response {
  const headers = new Headers();
  for (const [key, values] of Object.entries(result.multiValueHeaders ?? {})) {
    for (const v of values) headers.append(key, String(v));
  }
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : null;
  return new Response(body, { status: result.statusCode, headers });
}

const ENDPOINT = "https://www.copperlinelabs.com/api/consultation";
const HEALTH = "https://www.copperlinelabs.com/api/health";
const post = (body: unknown, contentType = "application/json") =>
  new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": contentType, accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

/** Every variable the function or the runtime detection reads, so the shell cannot change a result. */
const CLEARED = [
  ...SERVERLESS_ENV,
  "DATABASE_URL",
  "SMTP_URL",
  "CONSULTATION_TO",
  "CONSULTATION_FROM",
  "CONSULTATION_WEBHOOK_URL",
  "CONSULTATION_WEBHOOK_SECRET",
  "CONSULTATION_OUTBOX",
  "CONSULTATION_RATE_LIMIT",
  "CONSULTATION_CLIENT_IP_HEADER",
  "CONSULTATION_TRUSTED_HOPS",
  "CONSULTATION_MIN_FILL_MS",
];

describe("the /api/consultation function bundle, as Netlify runs it", () => {
  let handler: Handler;
  let functionLog: ReturnType<typeof keepFunctionLog>;
  let pg: PostgresServer;
  let databaseUrl: string;
  let tmp: string;
  const saved = { ...process.env };

  before(async () => {
    functionLog = keepFunctionLog();
    for (const name of CLEARED) delete process.env[name];
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "adapter-fn-"));
    pg = await startPostgres();
    databaseUrl = await pg.createDatabase();
    const manifestText = fs.readFileSync(path.join(FUNCTION_DIR, "consultation-js.json"), "utf8");
    const manifest = JSON.parse(manifestText);
    assert.deepEqual(manifest.config.includedFiles, [".cache/functions/consultation.js"]);
    // Portable: the files are named from the project's folder, wherever it was built.
    assert.ok(!manifestText.includes(root), `the build machine's folder in ${manifestText}`);
    handler = require(path.join(FUNCTION_DIR, "consultation-js.js")).handler;
    assert.equal(typeof handler, "function");
  });

  after(async () => {
    functionLog.restore();
    await resetProcessStores();
    await pg?.stop();
    for (const name of CLEARED) delete process.env[name];
    Object.assign(process.env, saved);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Netlify's runtime with a database: AWS Lambda's variable set, DATABASE_URL set. */
  function onNetlify(extra: Record<string, string> = {}) {
    for (const name of CLEARED) delete process.env[name];
    Object.assign(process.env, {
      AWS_LAMBDA_FUNCTION_NAME: "consultation-js",
      DATABASE_URL: databaseUrl,
      CONSULTATION_RATE_LIMIT: "3/600",
      ...extra,
    });
  }

  const call = async (request: Request, clientIp: string) =>
    responseFrom(await handler(await eventFrom(request, clientIp), { functionName: "consultation-js" }));

  async function sql(text: string, values: unknown[]) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  const statusInDb = async (id: string): Promise<string> =>
    (await sql("SELECT status FROM consultation_requests WHERE id = $1", [id]))[0]?.status;

  test("a valid request: 201 with its id, kept in the database", async () => {
    onNetlify();
    const res = await call(post(validRequest()), "203.0.113.10");
    assert.equal(res.status, 201);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const { id } = (await res.json()) as { id: string };
    assert.equal(await statusInDb(id), "stored");
  });

  test("an invalid request: 400 naming each field (415 not JSON, 413 over 100 kb)", async () => {
    onNetlify();
    const res = await call(post(validRequest({ email: "mary@", details: "short" })), "203.0.113.11");
    assert.equal(res.status, 400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    assert.deepEqual(Object.keys(errors).sort(), ["details", "email"]);
    const notJson = await call(post("name=x", "application/x-www-form-urlencoded"), "203.0.113.11");
    assert.equal(notJson.status, 415);
    const huge = await call(post(validRequest({ details: "x".repeat(110 * 1024) })), "203.0.113.11");
    assert.equal(huge.status, 413);
  });

  test("a spam request (honeypot filled): answered like a success, kept as spam", async () => {
    onNetlify();
    const res = await call(post(validRequest({ website: "https://spam.example" })), "203.0.113.12");
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: string };
    assert.equal(await statusInDb(id), "spam");
  });

  test("rate limited per client address (Netlify's header, IPv6 by /64), not one bucket for all", async () => {
    onNetlify();
    const statuses: number[] = [];
    for (const ip of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:abcd::3", "2001:db8:7:1::4"]) {
      statuses.push((await call(post(validRequest()), ip)).status);
    }
    assert.deepEqual(statuses, [201, 201, 201, 429]);
    const limited = await call(post(validRequest()), "2001:db8:7:1::5");
    assert.ok(Number(limited.headers.get("retry-after")) > 0);
    // Another visitor is not affected.
    assert.equal((await call(post(validRequest()), "2001:db8:8:1::1")).status, 201);
  });

  test("without DATABASE_URL on the serverless runtime and no channel: 503, never a false 201", async () => {
    onNetlify({ CONSULTATION_OUTBOX: path.join(tmp, "outbox.ndjson") });
    delete process.env.DATABASE_URL;
    const res = await call(post(validRequest()), "203.0.113.20");
    assert.equal(res.status, 503);
    assert.match(((await res.json()) as { error: string }).error, /try again|email us/i);
    const refused = functionLog.lines.filter((l) => l.event === "refused");
    assert.equal(refused.length, 1, JSON.stringify(functionLog.lines));
    assert.equal(refused[0].level, "error");
    assert.match(refused[0].msg, /Set DATABASE_URL/);
  });

  test("the /api/health bundle beside it: 200 with the function's headers while nothing is stuck, 503 once a lead is", async () => {
    onNetlify();
    const health = require(path.join(root, ".netlify/functions-internal/health-js/health-js.js"))
      .handler as Handler;
    const check = async () =>
      responseFrom(
        await health(await eventFrom(new Request(HEALTH), "203.0.113.30"), { functionName: "health-js" }),
      );
    const ok = await check();
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {
      status: "ok",
      waiting: 0,
      stuck: 0,
      oldestWaitingSeconds: null,
      stuckAfterSeconds: 1800,
    });
    for (const [name, value] of Object.entries(API_HEADERS)) assert.equal(ok.headers.get(name), value, name);
    assert.equal(ok.headers.get("cache-control"), "public, max-age=5");

    const { id } = (await (await call(post(validRequest()), "203.0.113.31")).json()) as { id: string };
    await sql(
      "UPDATE consultation_requests SET status = 'failed', received_at = now() - interval '31 minutes' WHERE id = $1",
      [id],
    );
    const stuck = await check();
    assert.equal(stuck.status, 503);
    const report = (await stuck.json()) as { status: string; stuck: number; oldestWaitingSeconds: number };
    assert.deepEqual([report.status, report.stuck], ["stuck", 1]);
    assert.ok(report.oldestWaitingSeconds >= 31 * 60, String(report.oldestWaitingSeconds));
    await sql("DELETE FROM consultation_requests WHERE id = $1", [id]);
  });
});
