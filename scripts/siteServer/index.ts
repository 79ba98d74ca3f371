import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { parse } from "@polka/url";
import compression from "compression";
import { API_HEADERS } from "../../shared/securityHeaders";
import { functionCaller } from "./functions";
import { functionRoutes, headerMatcher, readHeaderRules } from "./netlifyRules";
import { staticFiles, type Responder } from "./staticFiles";
import {
  proxiedUrls,
  proxy,
  proxyTarget,
  THIRD_PARTY_PROXY_PATH,
  type FetchUpstream,
} from "./thirdPartyProxy";

/**
 * `npm run serve` (and the second half of `npm start`): serves the last build on one machine the
 * way Netlify serves the deploy, from the same output: `public/` as gatsby-adapter-netlify left it
 * (files by sirv: staticFiles.ts), its functions (functions.ts), and on every response the headers
 * `public/_headers` gives its path (netlifyRules.ts), 404 pages and errors included; the answers it
 * makes without a path (Node's to a request it cannot parse) carry the function's (API_HEADERS). No
 * `X-Powered-By`, no `Access-Control-Allow-Origin: *` (which `gatsby serve` adds). Partytown's
 * third-party proxy answers the URLs the build's rewrites allow (thirdPartyProxy.ts).
 */

export interface SiteServerOptions {
  /** The project folder: public/ and .netlify/ are read from here. */
  root: string;
  /** How the third-party proxy reaches the outside (tests pass a stand-in). */
  fetchUpstream?: FetchUpstream;
}

export async function createSiteServer({ root, fetchUpstream }: SiteServerOptions): Promise<http.Server> {
  const publicDir = path.join(root, "public");
  const headersFor = headerMatcher(await readHeaderRules(path.join(publicDir, "_headers")));
  const redirectsFile = path.join(publicDir, "_redirects");
  const redirects = fs.existsSync(redirectsFile) ? fs.readFileSync(redirectsFile, "utf8") : "";
  // The adapter's rewrites: its functions, and Partytown's proxy for the URLs the build allowed
  // (nothing else: never an open proxy).
  const routes = functionRoutes(redirects);
  const proxied = proxiedUrls(redirects);
  const callFunction = functionCaller(root);
  const compress = compression();

  const respond: Responder = (res, status, headers = {}, body) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const files = staticFiles(publicDir, respond);

  const server = http.createServer((req, res) => {
    const target = req.url ?? "/";
    // Origin-form only (`/path?query`): an absolute URL or `*` is not a request for this site's files.
    const pathname = target.startsWith("/") ? (parse(req)?.pathname ?? "/") : undefined;
    // Every answer carries the headers the host gives its path, as Netlify's do.
    for (const [key, value] of Object.entries(headersFor(pathname ?? "/"))) res.setHeader(key, value);
    if (pathname === undefined)
      return respond(res, 400, { "content-type": "text/plain; charset=utf-8" }, "Bad Request");

    // Only a request at the proxy's own path is read as a URL (`new URL("//", base)` throws).
    const upstream =
      pathname === THIRD_PARTY_PROXY_PATH
        ? proxyTarget(new URL(target, "http://localhost"), proxied)
        : undefined;
    if (upstream) {
      const siteHeaders = Object.fromEntries(
        res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]),
      );
      return void proxy(req, res, upstream, siteHeaders, fetchUpstream).catch((error) => {
        console.error(`serve: ${pathname} failed`, error);
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
    }
    const fn = routes.get(pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname);
    if (fn) {
      // A function's response is its own: Netlify applies _headers to files only.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      return void callFunction(req, res, fn).catch((error) => {
        console.error(`serve: ${pathname} failed`, error);
        if (!res.headersSent)
          res.writeHead(500, { ...API_HEADERS, "content-type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      });
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      return respond(
        res,
        405,
        { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
        "Method Not Allowed",
      );
    }
    compress(req as never, res as never, () => {
      try {
        files(req, res);
      } catch (error) {
        console.error(`serve: ${pathname} failed`, error);
        if (!res.headersSent)
          respond(res, 500, { "content-type": "text/plain; charset=utf-8" }, "Internal Server Error");
        else res.destroy();
      }
    });
  });
  server.on("clientError", answerClientError);
  // A slow client cannot hold a connection open for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}

/** Node's answers to a request it cannot take (any other error: 400), as its default handler gives them. */
const CLIENT_ERRORS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large",
  HPE_CHUNK_EXTENSIONS_OVERFLOW: "413 Payload Too Large",
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
};

/**
 * Node's answer to a request it could not parse (a malformed request line, a head over 16 KB, a
 * head too slow), with the headers every answer carries, then the connection is closed. As Node's
 * own handler does, nothing is written into a response already on its way.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const status = CLIENT_ERRORS[error.code ?? ""] ?? "400 Bad Request";
    const headers = Object.entries(API_HEADERS).map(([key, value]) => `${key}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status}\r\nconnection: close\r\ncontent-length: 0\r\n${headers.join("")}\r\n`);
  }
  socket.destroy();
}

export const hasBuild = (root: string): boolean => fs.existsSync(path.join(root, "public", "_redirects"));
