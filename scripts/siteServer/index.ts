import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { parse } from "@polka/url";
import compression from "compression";
import type { Match } from "netlify-redirector";
import { API_HEADERS } from "../../shared/securityHeaders";
import { functionCaller } from "./functions";
import { watchBuild, type Build } from "./site";
import { lookup, sendFile, staticFiles, type Responder } from "./staticFiles";
import { proxy, type FetchUpstream } from "./thirdPartyProxy";

/**
 * `npm run serve` (and the second half of `npm start`): serves the last build on one machine the
 * way Netlify serves the deploy, from the same output: `public/` as gatsby-adapter-netlify left it
 * (staticFiles.ts), its functions (functions.ts), the rewrites and redirects of the build matched
 * by Netlify's own rules engine (netlifyRules.ts: the functions' routes, Partytown's third-party
 * proxy in thirdPartyProxy.ts), and on every response the headers `public/_headers` gives its
 * path, 404 pages and errors included; the answers it makes without a path (Node's to a request it
 * cannot parse) carry the function's (API_HEADERS). The build is read again when it changes under
 * the running server (site.ts). No `X-Powered-By`, no `Access-Control-Allow-Origin: *` (which
 * `gatsby serve` adds).
 */

export interface SiteServerOptions {
  /** The project folder: public/ and .netlify/ are read from here. */
  root: string;
  /** How a proxy rewrite reaches the outside (tests pass one that reaches a local stand-in). */
  fetchUpstream?: FetchUpstream;
}

const FUNCTION_PATH = /^\/\.netlify\/functions\/([\w-]+)$/;
const isUrl = (to: string) => /^https?:\/\//.test(to);

const decode = (pathname: string): string => {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
};

export async function createSiteServer({ root, fetchUpstream }: SiteServerOptions): Promise<http.Server> {
  const currentBuild = await watchBuild(root);
  const callFunction = functionCaller(root);
  const compress = compression();

  const respond: Responder = (res, status, headers = {}, body) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const failed = (res: http.ServerResponse, pathname: string) => (error: unknown) => {
    console.error(`serve: ${pathname} failed`, error);
    if (!res.headersSent)
      respond(res, 500, { "content-type": "text/plain; charset=utf-8" }, "Internal Server Error");
    else res.destroy();
  };

  /** Answers a request a rule of the build matched, as the host does (netlify-cli's serveRedirect). */
  function followRule(req: http.IncomingMessage, res: http.ServerResponse, build: Build, rule: Match) {
    const notFound = () => respond(res, 404, { "content-type": build.notFound.type }, build.notFound.body);
    if (rule.force404) return notFound();
    const to = new URL(rule.to, "http://localhost");
    const fn = rule.status === 200 && !isUrl(rule.to) ? FUNCTION_PATH.exec(to.pathname)?.[1] : undefined;
    if (fn) {
      // A function's response is its own: Netlify applies _headers to files only.
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      return callFunction(req, res, fn).catch((error) => {
        console.error(`serve: ${req.url} failed`, error);
        if (!res.headersSent)
          res.writeHead(500, { ...API_HEADERS, "content-type": "text/plain; charset=utf-8" });
        res.end("Internal Server Error");
      });
    }
    if (rule.status === 200 && isUrl(rule.to)) {
      const siteHeaders = Object.fromEntries(
        res.getHeaderNames().map((name) => [name, String(res.getHeader(name))]),
      );
      return proxy(req, res, rule.to, siteHeaders, fetchUpstream);
    }
    if (rule.status >= 300 && rule.status < 400) {
      const search = to.search || new URL(req.url ?? "/", "http://localhost").search;
      const location = isUrl(rule.to) ? rule.to : `${to.pathname}${search}`;
      return respond(res, rule.status, { location });
    }
    const file = rule.status === 200 ? lookup(build.listing, decode(to.pathname)) : undefined;
    return file ? sendFile(req, res, file, notFound) : notFound();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, pathname: string | undefined) {
    const build = await currentBuild();
    // Every answer carries the headers the host gives its path, as Netlify's do.
    for (const [key, value] of Object.entries(build.headersFor(pathname ?? "/"))) res.setHeader(key, value);
    if (pathname === undefined)
      return respond(res, 400, { "content-type": "text/plain; charset=utf-8" }, "Bad Request");
    // A rule that is not forced applies only where no file answers (Netlify's shadowing).
    const rule = build.matchRule(req);
    if (rule && (rule.force || !lookup(build.listing, decode(pathname))))
      return followRule(req, res, build, rule);
    if (req.method !== "GET" && req.method !== "HEAD") {
      return respond(
        res,
        405,
        { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
        "Method Not Allowed",
      );
    }
    const notFound = () => respond(res, 404, { "content-type": build.notFound.type }, build.notFound.body);
    const files = staticFiles(() => build.listing, notFound, respond);
    await new Promise<void>((resolve, reject) =>
      compress(req as never, res as never, () => Promise.resolve(files(req, res)).then(resolve, reject)),
    );
  }

  const server = http.createServer((req, res) => {
    const target = req.url ?? "/";
    // Origin-form only (`/path?query`): an absolute URL or `*` is not a request for this site's files.
    const pathname = target.startsWith("/") ? (parse(req)?.pathname ?? "/") : undefined;
    handle(req, res, pathname).catch(failed(res, pathname ?? target));
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
