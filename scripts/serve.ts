/**
 * `npm run serve` (and the second half of `npm start`): serves the last build on one machine the
 * way the CDN serves the deploy, from the same output: `public/` as gatsby-adapter-netlify left it
 * (pages as `<path>.html`, which `gatsby serve` no longer finds), the functions the adapter wrapped
 * in `.netlify/functions-internal/`, routed by `public/_redirects`, and on every file the headers
 * of gatsby/lib/headers.ts, the list the adapter wrote to `public/_headers`. No `X-Powered-By`, no
 * `Access-Control-Allow-Origin: *` (which `gatsby serve` adds).
 *
 *   PORT=9000 HOST=localhost npm run serve       # or: tsx scripts/serve.ts --port 9000 --host 0.0.0.0
 *
 * A function is called as Netlify calls it: its `handler(event, context)` with the request's
 * method, path, headers and body, and the client's address in `x-nf-client-connection-ip`, taken
 * here from what this machine may trust (the socket, or X-Forwarded-For through
 * CONSULTATION_TRUSTED_HOPS proxies, or CONSULTATION_CLIENT_IP_HEADER: see docs/deploying.md).
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { loadSite } from "../gatsby/lib/content";
import { headerRules, headerSettings, headersFor, type HeaderRule } from "../gatsby/lib/headers";
import { contentDir } from "../gatsby/lib/paths";
import { clientAddress } from "../src/server/consultation/clientAddress";
import { readConfig } from "../src/server/consultation/config";
import { COMPRESSIBLE, contentType } from "./contentTypes";
import { proxiedUrls, proxy, proxyTarget, type FetchUpstream } from "./thirdPartyProxy";

/** Netlify's own limit on a function's request body; the function's body parser has its own (100 kb). */
const MAX_FUNCTION_BODY = 6 * 1024 * 1024;
/** Files the CDN does not serve: the host's configuration. */
const PRIVATE = new Set(["/_headers", "/_redirects"]);

interface LambdaResult {
  statusCode: number;
  multiValueHeaders?: Record<string, (string | number)[]>;
  headers?: Record<string, string | number>;
  body?: string;
  isBase64Encoded?: boolean;
}
type LambdaHandler = (event: unknown, context: unknown) => Promise<LambdaResult>;

/** `/api/consultation  /.netlify/functions/consultation-js  200` lines of public/_redirects. */
export function functionRoutes(redirects: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const line of redirects.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    const fn = to?.match(/^\/\.netlify\/functions\/([\w-]+)$/);
    if (from?.startsWith("/") && fn && status === "200") routes.set(from, fn[1]);
  }
  return routes;
}

export interface SiteServerOptions {
  /** The project folder: public/ and .netlify/ are read from here. */
  root: string;
  rules: HeaderRule[];
  /** How the third-party proxy reaches the outside (tests pass a stand-in). */
  fetchUpstream?: FetchUpstream;
}

export function createSiteServer({ root, rules, fetchUpstream }: SiteServerOptions): http.Server {
  const publicDir = path.join(root, "public");
  const redirectsFile = path.join(publicDir, "_redirects");
  const redirects = fs.existsSync(redirectsFile) ? fs.readFileSync(redirectsFile, "utf8") : "";
  const routes = functionRoutes(redirects);
  // Partytown's proxy (scripts/thirdPartyProxy.ts): the URLs the build allowed, nothing else.
  const proxied = proxiedUrls(redirects);
  const handlers = new Map<string, LambdaHandler>();
  const handlerFor = (name: string): LambdaHandler => {
    let handler = handlers.get(name);
    if (!handler) {
      const file = path.join(root, ".netlify", "functions-internal", name, `${name}.js`);
      handler = (require(file) as { handler: LambdaHandler }).handler;
      handlers.set(name, handler);
    }
    return handler;
  };

  const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile();

  function sendFile(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    file: string,
    status: number,
    urlPath: string,
  ) {
    const ext = path.extname(file);
    const headers: Record<string, string> = {
      ...headersFor(rules, urlPath),
      "content-type": contentType(ext),
    };
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    if (gzip) {
      headers["content-encoding"] = "gzip";
      headers.vary = "Accept-Encoding";
    } else {
      headers["content-length"] = String(fs.statSync(file).size);
    }
    res.writeHead(status, headers);
    if (req.method === "HEAD") return void res.end();
    const stream = fs.createReadStream(file);
    (gzip ? stream.pipe(zlib.createGzip()) : stream).pipe(res);
  }

  function redirect(res: http.ServerResponse, to: string, urlPath: string) {
    res.writeHead(301, { ...headersFor(rules, urlPath), location: to });
    res.end();
  }

  /** Static files, found as Netlify finds them for a site built with trailingSlash "never". */
  function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" });
      return void res.end();
    }
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(url.pathname);
    } catch {
      urlPath = "/";
    }
    const file = path.join(publicDir, path.posix.normalize(urlPath));
    const notFound = () => {
      const page = path.join(publicDir, "404.html");
      if (isFile(page)) return sendFile(req, res, page, 404, urlPath);
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    };
    if (!file.startsWith(publicDir) || PRIVATE.has(urlPath)) return notFound();
    const bare = file.replace(/\/+$/, "");
    if (urlPath.endsWith("/") && urlPath !== "/") {
      if (isFile(path.join(file, "index.html")))
        return sendFile(req, res, path.join(file, "index.html"), 200, urlPath);
      if (isFile(`${bare}.html`)) return redirect(res, urlPath.replace(/\/+$/, "") + url.search, urlPath);
      return notFound();
    }
    if (isFile(file)) return sendFile(req, res, file, 200, urlPath);
    if (urlPath === "/" && isFile(path.join(file, "index.html"))) {
      return sendFile(req, res, path.join(file, "index.html"), 200, urlPath);
    }
    if (isFile(`${bare}.html`)) return sendFile(req, res, `${bare}.html`, 200, urlPath);
    if (isFile(path.join(file, "index.html"))) return redirect(res, `${url.pathname}/${url.search}`, urlPath);
    return notFound();
  }

  /** Calls a function's handler with the event Netlify would pass, and writes its answer. */
  async function callFunction(req: http.IncomingMessage, res: http.ServerResponse, url: URL, name: string) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FUNCTION_BODY) {
        res.writeHead(413, { "content-type": "text/plain; charset=utf-8", connection: "close" });
        return void res.end("Payload Too Large");
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
    }
    // The address Netlify would vouch for; a client's own x-nf-client-connection-ip is replaced.
    headers["x-nf-client-connection-ip"] = clientAddress(
      { headers: req.headers, socket: { remoteAddress: req.socket.remoteAddress } },
      readConfig(),
    );
    const query = Object.fromEntries(url.searchParams);
    const event = {
      rawUrl: url.href,
      path: url.pathname,
      httpMethod: req.method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: query,
      multiValueQueryStringParameters: Object.fromEntries(
        [...url.searchParams.keys()].map((k) => [k, url.searchParams.getAll(k)]),
      ),
      body: body.length ? body.toString("base64") : undefined,
      isBase64Encoded: body.length > 0,
    };
    const result = await handlerFor(name)(event, { functionName: name });
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(result.headers ?? {})) out[key] = String(value);
    for (const [key, values] of Object.entries(result.multiValueHeaders ?? {})) out[key] = values.map(String);
    res.writeHead(result.statusCode, out);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : undefined);
  }

  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
    const target = proxyTarget(url, proxied);
    if (target) {
      return void proxy(req, res, target, headersFor(rules, url.pathname), fetchUpstream).catch((error) => {
        console.error(`serve: ${url.pathname} failed`, error);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
    }
    const fn = routes.get(url.pathname.replace(/\/+$/, ""));
    if (!fn) return serveStatic(req, res, url);
    callFunction(req, res, url, fn).catch((error) => {
      console.error(`serve: ${url.pathname} failed`, error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Internal Server Error");
    });
  });
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (require.main === module) {
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, "public", "_redirects"))) {
    console.error("serve: public/_redirects is missing; run `npm run build` first (npm start does both)");
    process.exit(1);
  }
  const port = Number(option("port") ?? process.env.PORT ?? 9000);
  const host = option("host") ?? process.env.HOST ?? "localhost";
  const rules = headerRules(headerSettings(loadSite(contentDir())));
  createSiteServer({ root, rules }).listen(port, host, () => {
    console.log(`You can now view the site in the browser at http://${host}:${port}/`);
  });
}
