import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { selfSignedCertificate } from "../../test/harness/certificate";
import {
  answerOutside,
  COLLECT_URL,
  COUNTRY_LOOKUP_URL,
  GTAG_JS_URL,
  THIRD_PARTY_PROXY,
  type OutsideReply,
} from "../lib/outside";
import { PROBE_JS, PROBE_PATH } from "./probe";

/**
 * The outside world for the engines Playwright does not drive (Firefox over WebDriver BiDi, WebKit
 * over classic WebDriver): a local HTTP proxy they send every request through, the site's included,
 * that answers what leaves the site exactly as Playwright's routing does for Chromium
 * (`answerOutside` in e2e/lib/outside.ts: the stand-in gtag.js, the collection endpoint, the country
 * lookup, anything else refused). HTTPS to the outside is answered by a local TLS server with a
 * throwaway certificate, which the browsers are told to accept. Requests to the site go on to it
 * unchanged, except that each page gets the error probe (e2e/engines/probe.ts) as its first script.
 */

export interface OutsideProxy {
  /** `host:port`, for the browsers' proxy settings. */
  address: string;
  stop(): Promise<void>;
}

/** The outside hosts the site calls, for the certificate. */
const OUTSIDE_HOSTS = [COUNTRY_LOOKUP_URL, COLLECT_URL, GTAG_JS_URL].map((u) => new URL(u).hostname);

function reply(res: http.ServerResponse, answer: OutsideReply): void {
  if (answer === "hang") return;
  if (answer === "abort") return void res.socket?.destroy();
  const type = answer.contentType ? { "content-type": answer.contentType } : {};
  res.writeHead(answer.status, { ...answer.headers, ...type });
  res.end(answer.body);
}

/** The page with the probe as its first script (the policy allows the site's own files). */
const withProbe = (html: string): string =>
  html.replace(/<head\b[^>]*>/i, (head) => `${head}<script src="${PROBE_PATH}"></script>`);

export async function startOutsideProxy(siteUrl: string): Promise<OutsideProxy> {
  const site = new URL(siteUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-outside-"));
  // The outside over HTTPS, reached through CONNECT below.
  const tls = https.createServer(selfSignedCertificate(dir, OUTSIDE_HOSTS), (req, res) =>
    reply(res, answerOutside(new URL(req.url ?? "/", `https://${req.headers.host}`)).reply),
  );

  const toSite = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const headers = { ...req.headers, host: site.host, "accept-encoding": "identity" };
    const upstream = http.request(
      { host: site.hostname, port: site.port, method: req.method, path: url.pathname + url.search, headers },
      (answer) => {
        const isHtml = /^text\/html/.test(answer.headers["content-type"] ?? "");
        if (!isHtml) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          return void answer.pipe(res);
        }
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => {
          const body = Buffer.from(withProbe(Buffer.concat(chunks).toString("utf8")));
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "content-length": body.length });
          res.end(body);
        });
      },
    );
    upstream.on("error", () => res.socket?.destroy());
    req.pipe(upstream);
  };

  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", siteUrl);
    if (url.host !== site.host) return reply(res, answerOutside(url).reply);
    if (url.pathname === PROBE_PATH) {
      res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" });
      return void res.end(PROBE_JS);
    }
    // Partytown's proxy path is answered here, as Playwright answers it for Chromium.
    if (url.pathname === THIRD_PARTY_PROXY) return reply(res, answerOutside(url).reply);
    toSite(req, res, url);
  });
  // HTTPS: every outside host is the local TLS server; nothing else leaves the machine.
  // Every socket, so `stop` ends them all (a CONNECT tunnel is no longer the server's to close).
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };
  proxy.on("connection", track);
  tls.on("connection", track);
  proxy.on("connect", (_req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const inner = net.connect((tls.address() as net.AddressInfo).port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      inner.write(head);
      inner.pipe(client);
      client.pipe(inner);
    });
    inner.on("error", () => client.destroy());
    client.on("error", () => inner.destroy());
  });

  await Promise.all(
    [tls, proxy].map((s) => new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))),
  );
  return {
    address: `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    stop: async () => {
      const closed = Promise.all([tls, proxy].map((s) => new Promise((r) => s.close(r))));
      for (const socket of sockets) socket.destroy();
      await closed;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
