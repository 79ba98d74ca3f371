/**
 * The phones the benchmark's figures describe, and the calibration that emulates them on any host.
 *
 * A fixed CPU slowdown describes the host as much as the page: 4x on a host scoring 2,000 on
 * Lighthouse's `benchmarkIndex` is a phone of about 500, on one scoring 3,200 a phone of about 800.
 * Chrome DevTools calibrates its CPU presets from the same index (a mid-tier phone scores about
 * 1,000, a low-tier one about 264), so a slowdown of `host index / phone index`, with the host's
 * index measured just before the run, emulates the same phone whatever the host (ADR 0017).
 *
 * - Lighthouse (simulated throttling) measures the host's index at the start of each run (and the
 *   benchmark again after it, in a settled browser: `settledIndex` in bench/lighthouse.ts) and
 *   applies the multiplier only when it computes the metrics from the trace, so one page load is
 *   audited once per phone (bench/lighthouse.ts).
 * - Playwright (interactions, search) measures the index in the page just before each run and
 *   slows the page's CPU with CDP's `Emulation.setCPUThrottlingRate` (`throttleTo`).
 */
import fs from "node:fs";
import path from "node:path";
import type { CDPSession, Page } from "playwright-core";

export type PhoneId = "mid" | "low";

export interface Phone {
  id: PhoneId;
  /** The row label. */
  name: string;
  /** The class of device, for the docs. */
  like: string;
  /** Its Lighthouse `benchmarkIndex`, as Chrome DevTools' CPU calibration takes it. */
  benchmarkIndex: number;
}

export const PHONES: readonly Phone[] = [
  { id: "mid", name: "mid-tier phone", like: "Pixel 5 class", benchmarkIndex: 1000 },
  { id: "low", name: "low-tier phone", like: "Moto G Power 2022 class", benchmarkIndex: 264 },
];

export const phone = (id: PhoneId): Phone => PHONES.find((p) => p.id === id)!;

/**
 * The CPU slowdown that makes a host measuring `hostIndex` run like `target`. Lighthouse's
 * simulation takes any positive multiplier (under 1 on a host slower than the phone).
 */
export const slowdownFor = (hostIndex: number, target: Phone): number => hostIndex / target.benchmarkIndex;

/**
 * Lighthouse's own benchmark (`computeBenchmarkIndex`, the function it runs in the page at the
 * start of every run), as source to evaluate in a page: the same measure on both paths.
 */
const BENCHMARK_SOURCE = (() => {
  const file = path.resolve(__dirname, "../node_modules/lighthouse/core/lib/page-functions.js");
  const text = fs.readFileSync(file, "utf8");
  const start = text.indexOf("function computeBenchmarkIndex()");
  const end = text.indexOf("\n}\n", start);
  if (start < 0 || end < 0) throw new Error(`computeBenchmarkIndex not found in ${file}`);
  return `(${text.slice(start, end + 2)})()`;
})();

/** The host's `benchmarkIndex`, measured in `page` (about a second), unthrottled. */
export async function measureHostIndex(page: Page): Promise<number> {
  return (await page.evaluate(BENCHMARK_SOURCE)) as number;
}

export interface Calibration {
  hostIndex: number;
  /** The slowdown asked for (`slowdownFor`). */
  slowdown: number;
  /** The rate applied: CDP cannot speed a page up, so a host slower than the phone runs at 1. */
  rate: number;
}

/**
 * Measures the host in `page` once the page is idle, then slows the page's CPU so that it runs
 * like `target`. Call it just before the run it calibrates: the host's speed moves from minute to
 * minute. Idle first, as the interactions are measured: right after hydration the page's own
 * deferred work shares the cores with the benchmark, and the site search's readings came out low
 * (1,173 and 1,435 where the interactions read 2,300 to 2,500 on 2026-12-02: bench/findings.md).
 */
export async function throttleTo(page: Page, cdp: CDPSession, target: Phone): Promise<Calibration> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  const hostIndex = await measureHostIndex(page);
  const slowdown = slowdownFor(hostIndex, target);
  const rate = Math.max(1, slowdown);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return { hostIndex, slowdown, rate };
}

/** "host 2,710, 10.3x" for a row. */
export const calibrationLabel = ({ hostIndex, slowdown }: Pick<Calibration, "hostIndex" | "slowdown">) =>
  `${Math.round(hostIndex)}, ${slowdown.toFixed(1)}x`;
