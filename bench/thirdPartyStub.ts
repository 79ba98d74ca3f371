/**
 * The outside services the built site calls, answered on this machine so Lighthouse measures the
 * build that ships with every request it makes succeeding, as it would in production (a request
 * that fails is a console error, which Best Practices counts). Playwright can intercept requests;
 * Lighthouse cannot, so Chromium is pointed here instead:
 *  - `--host-resolver-rules` maps the lookup's host, www.googletagmanager.com and the Google
 *    Analytics collection hosts to this server, so the page keeps its production URLs;
 *  - `--ignore-certificate-errors` accepts its certificate, self-signed with `openssl` at start.
 *
 * It answers:
 *  - the country lookup (content/site.yaml `countryLookupUrl`) with `{"country": <profile's>}`;
 *  - `/gtag/js`: a stand-in for gtag.js that reads `dataLayer` as gtag does (`consent` default and
 *    update, `config`, `event`) and sends a page view to the collection host on `config`. It is
 *    not Google's script (that cannot be fetched here): its own download and run cost are not
 *    measured, only the site's loading of it;
 *  - `/g/collect` (the collection endpoint): 204.
 * Every request is appended to a log file, so the benchmark can check what a visitor profile
 * really loaded.
 *
 * Runs as a child process (the benchmark blocks its own event loop while Lighthouse runs):
 * `node --import tsx bench/thirdPartyStub.ts <country> <logFile>` prints `listening <port>`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { selfSignedCertificate } from "../test/harness/certificate";

/** The hosts Google's tag talks to (gtag.js from the tag manager, hits to the collection hosts). */
export const GTAG_HOSTS = [
  "www.googletagmanager.com",
  "*.google-analytics.com",
  "*.analytics.google.com",
] as const;

export const COLLECT_URL = "https://www.google-analytics.com/g/collect";

/** The stand-in gtag.js (see the header); `consent` state rides on each hit as `gcs`, as gtag's does. */
export const STAND_IN_GTAG_JS = `(function () {
  var consent = {}, measurementId = "", seen = 0;
  function hit(name, params) {
    var q = new URLSearchParams({ v: "2", tid: measurementId, en: name, dl: location.href, dt: document.title,
      gcs: "G1" + (consent.ad_storage === "denied" ? "0" : "1") + (consent.analytics_storage === "denied" ? "0" : "1") });
    Object.keys(params || {}).forEach(function (k) { q.set("ep." + k, String(params[k])); });
    navigator.sendBeacon(${JSON.stringify(COLLECT_URL)} + "?" + q.toString());
  }
  function run(cmd) {
    if (cmd[0] === "consent") Object.assign(consent, cmd[2] || {});
    else if (cmd[0] === "config") { measurementId = cmd[1]; if (!(cmd[2] && cmd[2].send_page_view === false)) hit("page_view"); }
    else if (cmd[0] === "event") hit(cmd[1], cmd[2]);
  }
  var dl = (window.dataLayer = window.dataLayer || []);
  function drain() { for (; seen < dl.length; seen++) run(Array.prototype.slice.call(dl[seen])); }
  var push = dl.push;
  dl.push = function () { var r = push.apply(dl, arguments); drain(); return r; };
  drain();
})();
`;

export interface ThirdPartyStub {
  port: number;
  /** The Chromium flags that send the site's outside requests here. */
  chromeFlags: string[];
  /** The requests answered since the last `takeLog()`, as "METHOD host/path". */
  takeLog: () => string[];
  stop: () => Promise<void>;
}

/** Starts a stub whose country lookup answers `country`; `lookupUrl` is site.yaml's. */
export async function startThirdPartyStub(country: string, lookupUrl: string): Promise<ThirdPartyStub> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "third-party-stub-"));
  const logFile = path.join(dir, "requests.log");
  fs.writeFileSync(logFile, "");
  const child = spawn(process.execPath, ["--import", "tsx", __filename, country, logFile, lookupUrl], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (d) => {
      output += d;
      const m = /listening (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.stderr.on("data", (d) => (output += d));
    child.once("exit", (code) => reject(new Error(`third-party stub exited (${code}):\n${output}`)));
  });
  const hosts = [new URL(lookupUrl).hostname, ...GTAG_HOSTS];
  let read = 0;
  return {
    port,
    chromeFlags: [
      `--host-resolver-rules=${hosts.map((h) => `MAP ${h} 127.0.0.1:${port}`).join(", ")}`,
      "--ignore-certificate-errors",
    ],
    takeLog: () => {
      const lines = fs.readFileSync(logFile, "utf8").split("\n").filter(Boolean);
      const fresh = lines.slice(read);
      read = lines.length;
      return fresh;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listen(country: string, logFile: string, lookupUrl: string) {
  const lookup = new URL(lookupUrl);
  const dir = path.dirname(logFile);
  const server = https.createServer(
    selfSignedCertificate(dir, [lookup.hostname, ...GTAG_HOSTS]),
    (req, res) => {
      const host = (req.headers.host ?? "").replace(/:\d+$/, "");
      const url = new URL(req.url ?? "/", `https://${host}`);
      fs.appendFileSync(logFile, `${req.method} ${host}${url.pathname}\n`);
      const cors = { "access-control-allow-origin": req.headers.origin ?? "*", "timing-allow-origin": "*" };
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          ...cors,
          "access-control-allow-headers": "*",
          "access-control-allow-methods": "*",
        });
        res.end();
      } else if (host === lookup.hostname && url.pathname === lookup.pathname) {
        res.writeHead(200, { ...cors, "content-type": "application/json", "cache-control": "no-store" });
        res.end(JSON.stringify({ ip: "192.0.2.1", country }));
      } else if (host === "www.googletagmanager.com" && url.pathname === "/gtag/js") {
        // gtag.js's own caching: private, 15 minutes.
        res.writeHead(200, {
          ...cors,
          "content-type": "application/javascript; charset=utf-8",
          "cache-control": "private, max-age=900",
        });
        res.end(STAND_IN_GTAG_JS);
      } else if (url.pathname === "/g/collect") {
        res.writeHead(204, { ...cors, "cache-control": "no-store" });
        res.end();
      } else {
        res.writeHead(404, { ...cors, "content-type": "text/plain" });
        res.end("not stubbed");
      }
    },
  );
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`listening ${(server.address() as { port: number }).port}\n`);
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

if (require.main === module) {
  const [country, logFile, lookupUrl] = process.argv.slice(2);
  listen(country, logFile, lookupUrl);
}
