/**
 * The requests the browser makes for a page on its own, once the page has loaded: its favicon, its
 * web app manifest and the manifest's icon (Chromium's installability check). They are not the
 * page's, and on a phone they cannot delay its largest paint: with the phone's network applied
 * (Lighthouse's devtools throttling, on `/about`, `/` and `/works/humm` of the build of
 * 2026-12-01) the largest paint came at 846 to 856 ms, the load event at 1,396 to 1,429, and the
 * favicon and the icon started after the load (1,407 to 1,444 ms) and ended after 1,980; the
 * manifest, started at 750 to 835, ended after 1,325.
 *
 * Unthrottled on this host the page loads before its first frame (load 75 to 130 ms, first paint
 * 102 to 192), so they start right after the load and end on either side of the first paint; and
 * Lantern's simulation of the largest paint counts every request that ended before the observed
 * one. The same page then simulated at 902 or at 1,056 ms from one run to the next, the site and
 * its zero-JS copy alike (three runs each of `/about`: 1,056, 906, 902 and 1,054, 903, 1,051), and
 * 901 to 908 every time without them. So the performance runs' metrics are audited without them
 * (bench/lighthouse.ts), and their bytes are added back to the page's total.
 */
import fs from "node:fs";
import path from "node:path";

const LINK = /<link\b[^>]*>/gi;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

const read = new Map<string, Set<string>>();

/**
 * The paths of a site's favicon, manifest and manifest icons, read from its home page and manifest
 * (once per folder: every performance run of a site asks).
 */
export function browserOwnPaths(publicDir: string): Set<string> {
  const dir = path.resolve(publicDir);
  if (!read.has(dir)) read.set(dir, readOwnPaths(dir));
  return read.get(dir)!;
}

function readOwnPaths(publicDir: string): Set<string> {
  const paths = new Set<string>();
  const home = path.join(publicDir, "index.html");
  if (!fs.existsSync(home)) return paths;
  const base = "http://site.invalid/";
  for (const tag of fs.readFileSync(home, "utf8").match(LINK) ?? []) {
    const rel = (attribute(tag, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.includes("icon")) paths.add(new URL(href, base).pathname);
    if (!rel.includes("manifest")) continue;
    const manifestUrl = new URL(href, base);
    paths.add(manifestUrl.pathname);
    const file = path.join(publicDir, decodeURIComponent(manifestUrl.pathname));
    if (!fs.existsSync(file)) continue;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as { icons?: { src: string }[] };
    for (const icon of manifest.icons ?? []) paths.add(new URL(icon.src, manifestUrl).pathname);
  }
  return paths;
}

/** A DevTools protocol event of a Lighthouse run's log. */
export type DevtoolsEvent = {
  method: string;
  params?: { requestId?: string; request?: { url: string }; encodedDataLength?: number };
};

/**
 * The log without the requests to `paths` on `origin`, and the bytes those requests transferred
 * (their `encodedDataLength`, what Lighthouse's byte total counts).
 */
export function withoutBrowserOwnRequests(
  log: readonly DevtoolsEvent[],
  origin: string,
  paths: ReadonlySet<string>,
): { log: DevtoolsEvent[]; bytes: number } {
  const ids = new Set<string>();
  for (const e of log) {
    const url = e.method === "Network.requestWillBeSent" ? e.params?.request?.url : undefined;
    if (!url || !e.params?.requestId) continue;
    const u = new URL(url);
    if (u.origin === origin && paths.has(u.pathname)) ids.add(e.params.requestId);
  }
  let bytes = 0;
  const kept = log.filter((e) => {
    const id = e.params?.requestId;
    if (id === undefined || !ids.has(id)) return true;
    if (e.method === "Network.loadingFinished") bytes += e.params?.encodedDataLength ?? 0;
    return false;
  });
  return { log: kept, bytes };
}
