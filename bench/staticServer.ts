import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import zlib from "node:zlib";
import { serveProcess, type Server } from "../test/harness/server";
import { COMPRESSIBLE, contentType } from "../scripts/contentTypes";
import { readRedirects, redirectMatcher } from "../scripts/siteServer/netlifyRules";
import { proxy, type FetchUpstream } from "../scripts/siteServer/thirdPartyProxy";
import { cacheControl } from "../gatsby/lib/headers";

/**
 * Serves a built site the way a CDN does for Lighthouse: static files, each compressed once and
 * then served from memory. `gatsby serve` compresses every response on the fly, on the same two
 * cores the measured browser runs on, and that work lands in the page's main-thread tasks:
 * interleaved runs of one build measured /works at a TBT median of 191 ms behind `gatsby serve`
 * and 47 ms behind this server (ADR 0006). The site and the bare page are served alike.
 */

/** The file for a URL path: the file itself, `<path>.html` or `<path>/index.html`. */
function resolve(dir: string, urlPath: string): string | undefined {
  const base = path.join(dir, path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ""));
  if (!base.startsWith(dir)) return undefined;
  return [base, `${base}.html`, path.join(base, "index.html")].find(
    (f) => fs.existsSync(f) && fs.statSync(f).isFile(),
  );
}

/**
 * Partytown's worker fetches gtag.js through the site's proxy path, which the CDN rewrites by the
 * build's rule (matched here as npm start does: scripts/siteServer/netlifyRules.ts). Here the upstream is the
 * benchmark's stub (bench/thirdPartyStub.ts) at `thirdParty` ("127.0.0.1:port"), asked with the
 * real host name (Chromium reaches it by --host-resolver-rules; this process by address).
 */
function stubUpstream(thirdParty: string): FetchUpstream {
  const [host, port] = thirdParty.split(":");
  return (target, { signal }) =>
    new Promise((resolve, reject) => {
      const url = new URL(target);
      const req = https.get(
        {
          host,
          port: Number(port),
          path: url.pathname + url.search,
          servername: url.hostname,
          headers: { host: url.hostname },
          rejectUnauthorized: false,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") headers.set(k, v);
            resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 502, headers }));
          });
        },
      );
      req.on("error", reject);
    });
}

async function listen(root: string, port: number, thirdParty?: string): Promise<http.Server> {
  const cache = new Map<string, Buffer>();
  // The project folder's rules (`root` is its public/).
  const matchRule = await redirectMatcher(await readRedirects(path.dirname(root)));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const rule = thirdParty ? matchRule(req) : null;
    if (rule && thirdParty && rule.status === 200 && /^https:\/\//.test(rule.to)) {
      return void proxy(
        req,
        res,
        rule.to,
        { "cache-control": cacheControl(url.pathname) },
        stubUpstream(thirdParty),
      );
    }
    const urlPath = url.pathname;
    const found = resolve(root, urlPath);
    const notFound = path.join(root, "404.html");
    if (!found && !fs.existsSync(notFound)) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
      return;
    }
    const file = found ?? notFound;
    const ext = path.extname(file);
    const gzip = COMPRESSIBLE.has(ext);
    let body = cache.get(file);
    if (!body) {
      const raw = fs.readFileSync(file);
      body = gzip ? zlib.gzipSync(raw, { level: 9 }) : raw;
      cache.set(file, body);
    }
    res.writeHead(found ? 200 : 404, {
      "content-type": contentType(ext),
      // The production cache rule (the one npm start and the CDN apply), not one of its own.
      "cache-control": cacheControl(urlPath),
      ...(gzip ? { "content-encoding": "gzip", vary: "accept-encoding" } : {}),
    });
    res.end(body);
  });
  return server.listen(port, "127.0.0.1");
}

/**
 * Starts the server in a child process: the benchmark runs Lighthouse with spawnSync, which
 * blocks its own event loop, so a server in the same process would never answer. `thirdParty`
 * ("127.0.0.1:port", the stub) answers the third-party proxy path; without it, that path is a 404.
 */
export function serveStatic(dir: string, thirdParty?: string): Promise<Server> {
  return serveProcess(process.execPath, (port) => [
    "--import",
    "tsx",
    __filename,
    path.resolve(dir),
    String(port),
    ...(thirdParty ? [thirdParty] : []),
  ]);
}

if (require.main === module) {
  const [dir, port, thirdParty] = process.argv.slice(2);
  void listen(path.resolve(dir), Number(port), thirdParty);
}
