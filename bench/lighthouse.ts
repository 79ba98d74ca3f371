import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { launch, type LaunchedChrome } from "chrome-launcher";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { browserOwnPaths, withoutBrowserOwnRequests, type DevtoolsEvent } from "./browserRequests";
import { measureHostIndex, PHONES, slowdownFor, type Phone, type PhoneId } from "./phones";
import { longTasksOf, workByKindOf, type WhereTimeGoes } from "./longTasks";
import { toThreadTime, type TraceEvent } from "./threadTime";

const root = path.resolve(__dirname, "..");

export interface Figures {
  performance: number;
  /** The other categories are audited in a page's "categories" run only (NaN in the others). */
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Gzipped bytes of every same-origin script the page loaded during the Lighthouse run. */
  jsGzip: number;
  /**
   * The host's speed the metrics were calibrated with, in Lighthouse's `benchmarkIndex` (higher is
   * faster): the highest of the page's runs (`calibrationIndex`; bench/phones.ts).
   */
  benchmarkIndex: number;
  /** The CPU slowdown the metrics were computed with: `benchmarkIndex` / the phone's index. */
  slowdown: number;
  /** "category: audit id" of every weighted audit that did not pass, on a run that audited them. */
  failing: string[];
  /**
   * The run's long tasks and its work by kind on the phone (bench/longTasks.ts), in a performance
   * run; in a median, those of the run whose TBT is the median.
   */
  where: WhereTimeGoes;
}

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** The categories that do not depend on timing, audited in a run of their own (see `Run`). */
const OTHER_CATEGORIES = ["accessibility", "best-practices", "seo"] as const;

/**
 * What a performance run audits: the five metrics the performance score is made of (Lighthouse
 * 12 weighs only these, so the score is the same as a full performance run's), the byte total,
 * the request list the first-load JavaScript is read from, and the long tasks and main-thread
 * work by kind (weighing nothing; from the same trace and simulation as TBT: bench/longTasks.ts).
 * Skipping the other performance audits skips their gatherers (image elements, trace
 * elements...): about 2 s of an 8 s run here.
 */
const PERFORMANCE_AUDITS = [
  "first-contentful-paint",
  "speed-index",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "total-byte-weight",
  "network-requests",
  "long-tasks",
  "mainthread-work-breakdown",
];

type Report = {
  categories: Partial<
    Record<(typeof CATEGORIES)[number], { score: number; auditRefs: { id: string; weight: number }[] }>
  >;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: {
        items?: { url: string; resourceType?: string; group?: string; duration?: number }[];
      } & Parameters<typeof longTasksOf>[0];
    }
  >;
};

/**
 * Gzipped size of the scripts a report's page loaded, read from the site's build folder; NaN for
 * a run that did not list its requests.
 */
function scriptBytes(report: Report, origin: string, publicDir: string): number {
  const requests = report.audits["network-requests"];
  if (!requests) return NaN;
  const items = requests.details?.items ?? [];
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

/**
 * The kinds of run. Accessibility, best practices and SEO do not depend on timing: one
 * "categories" run of a page audits them. The metrics come only from "performance" runs: a run
 * that also gathers for the other categories measures the page under that gathering (Lighthouse
 * tracks JavaScript and CSS coverage while the page loads), and its TBT came out higher: on `/`,
 * a median of 82 ms over 6 such runs against 26 ms over 6 performance runs interleaved with them.
 */
export type Run = "categories" | "performance";

/** A performance run's figures for each phone (bench/phones.ts), from one page load. */
export type PhoneFigures = Record<PhoneId, Figures>;

export interface LighthouseSession {
  /** One categories run (`Run`): the metrics are NaN. */
  categories: (url: string, publicDir: string) => Promise<Figures>;
  /**
   * One performance run: the page loads once, unthrottled (simulated throttling), and its main
   * thread's tasks are taken at their thread time (bench/threadTime.ts). Audited later
   * (`PerformanceRun`).
   */
  performance: (url: string, publicDir: string) => Promise<PerformanceRun>;
}

/** A page load gathered, to be audited once the page's runs are in (bench/visitors.ts). */
export interface PerformanceRun {
  /**
   * The host's speed for this run: Lighthouse's benchmark run once the run's browser is gone, in a
   * browser kept running for it (`settledIndex`). Lighthouse's own reading at the start of the run
   * is not taken (`lighthouseCore`).
   */
  hostIndex: number;
  /**
   * The run's figures per phone, its trace audited with that phone's slowdown for `hostIndex`
   * (each of `phones` only: the others' are left out).
   */
  audit: (hostIndex: number, phones?: readonly Phone[]) => Promise<PhoneFigures>;
}

/**
 * The host's index a page's runs are calibrated with: the highest of their readings. Any reading
 * is the host's cores being shared at that moment as much as the CPU's speed, and sharing only
 * ever lowers it; the tasks' time leaves sharing out (bench/threadTime.ts), so the index it is
 * scaled by must too. Lighthouse measures it in the first page of a browser it has just started,
 * while the rest of Chromium is still starting on the same two cores: over the fresh-clone runs of
 * 2026-12-02 its readings had a median of 1,420 to 1,600 (the highest of a page's three included),
 * where the same benchmark in a settled page read 2,400 to 2,700 within minutes. Calibrated with
 * those readings, the rows emulated phones about 1.7 times as fast as the ones they name; each run
 * now measures the host after it, in a browser kept running (`settledIndex`), as the phones' own
 * indexes were measured in a browser already running, and Lighthouse's own reading, never the
 * highest, is no longer taken (`lighthouseCore`).
 */
export const calibrationIndex = (runs: readonly Pick<PerformanceRun, "hostIndex">[]): number =>
  Math.max(...runs.map((r) => r.hostIndex));

const running = new Set<LaunchedChrome>();

/** Ends the browsers of runs under way (the benchmark calls it when it is interrupted). */
export const killBrowsers = (): void => {
  running.forEach((chrome) => void chrome.kill());
  void closeIndexMeter();
};

type Settings = { throttling: { cpuSlowdownMultiplier: number } } & Record<string, unknown>;
type Gathered = {
  artifacts: { BenchmarkIndex: number; settings: Settings; Trace: { traceEvents: TraceEvent[] } } & Record<
    string,
    unknown
  >;
  runnerOptions: { resolvedConfig: { settings: Settings } & Record<string, unknown> };
};
type LighthouseCore = {
  navigationGather: (
    page: undefined,
    url: string,
    options: { flags: Record<string, unknown> },
  ) => Promise<Gathered>;
  audit: (artifacts: Gathered["artifacts"], options: unknown) => Promise<{ lhr: Report } | undefined>;
  /** The main frame's main-thread events of a trace, sorted by start (Lighthouse's trace processor). */
  mainThreadEvents: (trace: Gathered["artifacts"]["Trace"]) => TraceEvent[];
};

const load = async (file: string) =>
  (await import(pathToFileURL(path.join(root, "node_modules/lighthouse/core", file)).href)) as Record<
    string,
    unknown
  >;

/**
 * Lighthouse's two halves: gathering (the page load and its trace) and auditing (the metrics,
 * where simulated throttling applies the CPU multiplier). Lighthouse refuses to audit with
 * settings other than the gathering's, so each phone's audit gets the gathered artifacts with
 * that phone's multiplier in both: nothing of the gathering depends on it.
 */
async function lighthouseCore(): Promise<LighthouseCore> {
  const [
    { navigationGather },
    { Runner },
    { TraceProcessor },
    { pageFunctions },
    { Graph },
    { PageDependencyGraph },
  ] = await Promise.all([
    load("gather/navigation-runner.js"),
    load("runner.js"),
    load("lib/tracehouse/trace-processor.js"),
    load("lib/page-functions.js"),
    load("lib/lantern/lantern.js"),
    load("computed/page-dependency-graph.js"),
  ]);
  keepTasksLongOnThePhone(
    (Graph as { PageDependencyGraph: LanternGraph }).PageDependencyGraph,
    PageDependencyGraph as GraphArtifact,
  );
  // Lighthouse measures the host at the start of every run (a second of its benchmark in the
  // page, `BenchmarkIndex`), in a browser it has just launched, while the rest of Chromium is still
  // starting on the same cores: it read 1,040 to 1,600 where the settled reading after the same
  // run read 1,390 to 2,450 (six runs, 2026-12-05), lower every time, so the highest of the two was
  // always the settled one (`calibrationIndex`). Its benchmark is replaced with one that returns
  // at once (-1, "not measured"): a second less in each of about 110 runs. Only this process's
  // copy of Lighthouse's page functions changes; `measureHostIndex` (bench/phones.ts) runs the
  // benchmark from Lighthouse's source file, unchanged.
  (pageFunctions as { computeBenchmarkIndex: () => number }).computeBenchmarkIndex =
    function computeBenchmarkIndex() {
      return -1;
    };
  return {
    mainThreadEvents: (trace) =>
      (TraceProcessor as { processTrace: (t: unknown) => { mainThreadEvents: TraceEvent[] } }).processTrace(
        trace,
      ).mainThreadEvents,
    navigationGather: navigationGather as LighthouseCore["navigationGather"],
    audit: (artifacts, options) => (Runner as { audit: LighthouseCore["audit"] }).audit(artifacts, options),
  };
}

/**
 * Lighthouse's simulation leaves out a main-thread task shorter than 10 ms on the host unless many
 * requests hang on it (Lantern's `SIGNIFICANT_DUR_THRESHOLD_MS`: it "prunes" the task from the
 * page's dependency graph, and its time from every metric). At Lighthouse's default slowdown of 4
 * such a task is at most 40 ms on the phone, never a long task. At the low-tier phone's slowdown
 * (10 to 14 here) it is up to 140 ms: the tasks the page's TBT is made of (the document's style and
 * layout, a chunk's evaluation, a render) came and went with whether the host ran them in 9.9 ms or
 * 10.1, a jump of 90 ms of TBT either way (bench/findings.md, "Tasks the simulation left out").
 * So a task is pruned only below `PRUNED_ON_PHONE_MS` once slowed, as at the default: below 10 ms
 * at a slowdown of 4 or less (Lighthouse's own rule, the mid-tier phone's rows), below 40 /
 * slowdown ms above it.
 */
const PRUNED_ON_PHONE_MS = 40;
const LANTERN_PRUNED_MS = 10;
export const prunedBelowMs = (multiplier: number): number =>
  Math.min(LANTERN_PRUNED_MS, PRUNED_ON_PHONE_MS / multiplier);

export type LanternGraph = { pruneNode: (node: { duration: number }) => void };
export type GraphArtifact = {
  compute_: (data: { settings: Settings }, context: unknown) => Promise<unknown>;
};

/**
 * `prunedBelowMs` in Lighthouse's graph: its page dependency graph is computed (and cached) per
 * settings, so each phone's audit builds its own with that phone's multiplier, which this passes
 * down to Lantern's `pruneNode` (the one place it prunes, after its own 10 ms test).
 */
export function keepTasksLongOnThePhone(lantern: LanternGraph, artifact: GraphArtifact): void {
  // A Lighthouse that moved them would leave every low-tier figure as before, silently.
  if (typeof lantern?.pruneNode !== "function" || typeof artifact?.compute_ !== "function")
    throw new Error(
      "Lighthouse's page dependency graph changed: see keepTasksLongOnThePhone in bench/lighthouse.ts",
    );
  const prunedBelowUs = new AsyncLocalStorage<number>();
  const prune = lantern.pruneNode;
  lantern.pruneNode = function pruneNode(node) {
    const below = prunedBelowUs.getStore();
    if (below !== undefined && node.duration >= below) return;
    prune.call(this, node);
  };
  const compute = artifact.compute_;
  artifact.compute_ = function compute_(data, context) {
    const below = prunedBelowMs(data.settings.throttling.cpuSlowdownMultiplier) * 1000;
    return prunedBelowUs.run(below, () => compute.call(this, data, context));
  };
}

/**
 * The artifacts and options of one audit of `gathered` at `multiplier`. `computedCache` is
 * Lighthouse's cache of what it computes from the artifacts (the trace's processing, the
 * filmstrip's decoded frames, the network records), each entry keyed by what it was computed from,
 * settings included where they matter: one cache for the phones' audits of a run, so that what does
 * not depend on the CPU is computed once. Not the gathering's own cache: the trace and the
 * log are changed after it (bench/threadTime.ts, bench/browserRequests.ts).
 */
function withSlowdown(
  gathered: Gathered,
  multiplier: number,
  computedCache: Map<string, unknown>,
): [Gathered["artifacts"], unknown] {
  const settings = structuredClone(gathered.runnerOptions.resolvedConfig.settings);
  settings.throttling.cpuSlowdownMultiplier = multiplier;
  return [
    { ...gathered.artifacts, settings },
    { resolvedConfig: { ...gathered.runnerOptions.resolvedConfig, settings }, computedCache },
  ];
}

/**
 * A new Chromium for `work` (Lighthouse connects to it on `port`), killed after it. Its temporary
 * folder is one of its own, removed after it: Chromium keeps its profile's lock there
 * (`org.chromium.Chromium.*`), and a browser ended by chrome-launcher left it behind, one folder
 * a run, about 110 a benchmark.
 */
export async function inChromium<T>(chromeFlags: string[], work: (port: number) => Promise<T>): Promise<T> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-chromium-"));
  let chrome: LaunchedChrome;
  try {
    chrome = await launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS, ...chromeFlags],
      envVars: { ...process.env, TMPDIR: tmp },
      // Asked for its DevTools port every 50 ms, not chrome-launcher's 500: a launch took 1,097
      // ms on average against 804 to 881 (10 each), for about 130 runs a benchmark. Up to 30 s.
      connectionPollInterval: 50,
      maxConnectionRetries: 600,
    });
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  running.add(chrome);
  try {
    return await work(chrome.port);
  } finally {
    running.delete(chrome);
    // Awaited: its processes gone before the next run, or the host measured (`settledIndex`).
    await chrome.kill();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Lighthouse (12, bundled with @lhci/cli; ES modules, loaded once per session, not once per run
 * as the CLI does). Each run gets a new Chromium with a new profile: Lighthouse clears an
 * origin's cache before a run but keeps its localStorage (where the site saves the visitor's
 * country and consent choice), so a reused browser would measure a returning visitor from the
 * second run on. Default mobile emulation and simulated throttling.
 */
export async function openLighthouse(chromeFlags: string[] = []): Promise<LighthouseSession> {
  const core = await lighthouseCore();
  const inBrowser = <T>(work: (port: number) => Promise<T>) => inChromium(chromeFlags, work);
  const gather = (url: string, port: number, audits: Record<string, unknown>) =>
    core.navigationGather(undefined, url, {
      flags: {
        port,
        logLevel: "error",
        ...audits,
        // The filmstrip picture of the whole page: 1-2 s a run, used by no figure here.
        disableFullPageScreenshot: true,
      },
    });
  const audit = async (
    gathered: Gathered,
    multiplier: number,
    url: string,
    computedCache = new Map<string, unknown>(),
  ) => {
    const result = await core.audit(...withSlowdown(gathered, multiplier, computedCache));
    if (!result) throw new Error(`lighthouse returned no result for ${url}`);
    return result.lhr;
  };
  return {
    categories: (url, publicDir) =>
      inBrowser(async (port) => {
        const gathered = await gather(url, port, { onlyCategories: [...OTHER_CATEGORIES] });
        const lhr = await audit(
          gathered,
          gathered.runnerOptions.resolvedConfig.settings.throttling.cpuSlowdownMultiplier,
          url,
        );
        return { ...figures(lhr, url, publicDir), slowdown: NaN };
      }),
    performance: async (url, publicDir) => {
      const run = await inBrowser(async (port) => {
        const gathered = await gather(url, port, { onlyAudits: PERFORMANCE_AUDITS });
        // The main thread's tasks at the time it was running, not the time the host's two cores
        // were busy with the rest of Chromium (bench/threadTime.ts).
        toThreadTime(core.mainThreadEvents(gathered.artifacts.Trace));
        // Without the requests the browser makes on its own once the page has loaded (the
        // favicon, the manifest and its icon), which a phone makes after its largest paint and
        // this host's unthrottled load made on either side of it (bench/browserRequests.ts); their
        // bytes still count.
        const own = withoutBrowserOwnRequests(
          gathered.artifacts.DevtoolsLog as DevtoolsEvent[],
          new URL(url).origin,
          browserOwnPaths(publicDir),
        );
        gathered.artifacts.DevtoolsLog = own.log;
        return {
          audit: async (hostIndex: number, phones: readonly Phone[] = PHONES) => {
            const byPhone = {} as PhoneFigures;
            // One cache for this call's phones (`withSlowdown`), let go after it: a page's runs
            // are kept for later audits (bench/visitors.ts `lowAt`), their caches need not be.
            const computed = new Map<string, unknown>();
            for (const target of phones) {
              const slowdown = slowdownFor(hostIndex, target);
              const lhr = await audit(gathered, slowdown, url, computed);
              const f = figures(lhr, url, publicDir);
              byPhone[target.id] = {
                ...f,
                totalBytes: f.totalBytes + own.bytes,
                benchmarkIndex: hostIndex,
                slowdown,
              };
            }
            return byPhone;
          },
        };
      });
      // Once the run's browser is gone, the host measured in a settled one (`settledIndex`).
      return { hostIndex: await settledIndex(), audit: run.audit };
    },
  };
}

/** A browser kept running with one blank page, where `settledIndex` measures the host. */
let meter: Promise<{ browser: Browser; page: Page }> | undefined;

/**
 * The host's index measured after each performance run, in a blank page of a browser that has been
 * running all along and with nothing else in it (`calibrationIndex`): Lighthouse's benchmark, as
 * the interactions measure it in their page (bench/phones.ts). About a second a run.
 */
async function settledIndex(): Promise<number> {
  meter ??= (async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    // The first reading of a browser just started is its own start's (see `calibrationIndex`).
    await measureHostIndex(page);
    return { browser, page };
  })();
  return measureHostIndex((await meter).page);
}

/** Closes the browser `settledIndex` measures in (at the end of the Lighthouse runs). */
export async function closeIndexMeter(): Promise<void> {
  const open = meter;
  meter = undefined;
  if (open) await (await open).browser.close();
}

function figures(report: Report, url: string, publicDir: string): Omit<Figures, "slowdown"> {
  const n = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const category = (id: (typeof CATEGORIES)[number]) => report.categories[id]?.score ?? NaN;
  // Performance's own audits are its metrics, reported as figures; the others are pass/fail lists.
  const failing = CATEGORIES.filter((id) => id !== "performance").flatMap((id) =>
    (report.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  return {
    performance: category("performance"),
    accessibility: category("accessibility"),
    bestPractices: category("best-practices"),
    seo: category("seo"),
    lcpMs: n("largest-contentful-paint"),
    tbtMs: n("total-blocking-time"),
    cls: n("cumulative-layout-shift"),
    totalBytes: n("total-byte-weight"),
    jsGzip: scriptBytes(report, new URL(url).origin, publicDir),
    where: {
      longTasks: longTasksOf(report.audits["long-tasks"]?.details),
      workByKind: workByKindOf(report.audits["mainthread-work-breakdown"]?.details?.items),
    },
    // Set by a performance run's audit: the index its metrics were calibrated with.
    benchmarkIndex: NaN,
    failing,
  };
}

const median = (values: number[]) => {
  const measured = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return measured.length ? measured[Math.floor(measured.length / 2)] : NaN;
};

/**
 * The median of each figure over several runs (the spec's "median of 3"); a figure only some
 * runs measured (accessibility, best practices and SEO: the categories run; the metrics: the
 * performance runs) is the median of those.
 */
export function medianFigures(runs: Figures[]): Figures {
  const keys = Object.keys(runs[0]).filter((k) => k !== "failing" && k !== "where") as Exclude<
    keyof Figures,
    "failing" | "where"
  >[];
  const medians = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as Omit<
    Figures,
    "failing" | "where"
  >;
  const timed = runs.filter((r) => !Number.isNaN(r.tbtMs)).sort((a, b) => a.tbtMs - b.tbtMs);
  return {
    ...medians,
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    where: timed.length ? timed[Math.floor(timed.length / 2)].where : { longTasks: [], workByKind: {} },
  };
}
