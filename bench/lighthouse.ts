import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";

const root = path.resolve(__dirname, "..");

export interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Gzipped bytes of every same-origin script the page loaded during the Lighthouse run. */
  jsGzip: number;
}

type Report = {
  categories: Record<"performance" | "accessibility" | "best-practices" | "seo", { score: number }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { url: string; resourceType?: string }[] } }
  >;
};

/** Gzipped size of the scripts a report's page loaded, read from the site's build folder. */
function scriptBytes(report: Report, origin: string, publicDir: string): number {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  const seen = new Set<string>();
  let total = 0;
  for (const item of items) {
    if (item.resourceType !== "Script" || !item.url.startsWith(origin)) continue;
    const file = path.join(publicDir, new URL(item.url).pathname);
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    total += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return total;
}

/** One Lighthouse run (default mobile emulation and throttling) in Debian's Chromium. */
export function lighthouse(url: string, publicDir: string, blocked: string[] = []): Figures {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "lh-")), "report.json");
  const run = spawnSync(
    path.join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
      ...blocked.map((b) => `--blocked-url-patterns=${b}`),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${run.stderr}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as Report;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const n = (id: string) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    bestPractices: report.categories["best-practices"].score,
    seo: report.categories.seo.score,
    lcpMs: n("largest-contentful-paint"),
    tbtMs: n("total-blocking-time"),
    cls: n("cumulative-layout-shift"),
    totalBytes: n("total-byte-weight"),
    jsGzip: scriptBytes(report, new URL(url).origin, publicDir),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The median of each figure over several runs (the spec's "median of 3"). */
export function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]) as (keyof Figures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
}
