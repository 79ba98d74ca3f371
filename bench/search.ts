/**
 * The site search's figures (issue 28, ADR 0010): the bytes of its index, and the time from a
 * visitor's intent to the first results, on each phone's CPU (bench/phones.ts: the host measured
 * in the page just before the run, then Chrome DevTools' CPU throttling through CDP) at desktop
 * size. Intent is the "/" key; the query is typed as soon as the dialog
 * is open, ten keys a second. The dialog marks `search:intent`, `search:index-ready` (the engine
 * can answer) and `search:results` (each time results are shown); the budget (bench/budgets.ts)
 * counts from the index's arrival, or from the last keystroke if later, to the results for the
 * whole query. Median of `runs` runs, each in a fresh context.
 * Usage: npx tsx bench/search.ts   (serves ./public, builds nothing)
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { SEARCH_BUNDLE_PATH } from "../shared/search";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { SEARCH_BUDGET } from "./budgets";
import { kb } from "./firstLoadJs";
import { calibrationLabel, PHONES, throttleTo, type Calibration, type Phone } from "./phones";
import { serveStatic } from "./staticServer";

export interface SearchFigures {
  /** Every file of public/pagefind/ on disk (index, fragments, Pagefind's script and WASM). */
  indexBytes: number;
  indexFiles: number;
  /** What one visitor's first search transferred from /pagefind/ (compressed as served). */
  transferBytes: number;
  intentToIndexMs: number;
  resultsAfterIndexMs: number;
  intentToResultsMs: number;
  runs: number;
  phone: Phone;
  /** The median run's calibration. */
  calibration: Calibration;
}

const QUERY = "React Native";

function indexSize(publicDir: string): { bytes: number; files: number } {
  const dir = path.join(publicDir, SEARCH_BUNDLE_PATH);
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) {
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
      files += 1;
    }
  return { bytes, files };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function oneRun(browser: Browser, baseUrl: string, pagePath: string, phone: Phone) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  // Nothing leaves the machine (the country lookup and analytics are not part of this figure).
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  let transfer = 0;
  page.on("requestfinished", async (request) => {
    if (!new URL(request.url()).pathname.startsWith(SEARCH_BUNDLE_PATH)) return;
    const sizes = await request.sizes().catch(() => undefined);
    transfer += sizes ? sizes.responseBodySize + sizes.responseHeadersSize : 0;
  });
  await page.goto(baseUrl + pagePath, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const cdp = await context.newCDPSession(page);
  const calibration = await throttleTo(page, cdp, phone);
  await page.keyboard.press("/");
  const input = page.getByRole("combobox", { name: "Search the site" });
  await input.waitFor();
  // Typed as a quick typist types (10 keys a second); the results count from the last keystroke.
  await input.evaluate((el) =>
    el.addEventListener(
      "input",
      () => ((window as unknown as { lastInput: number }).lastInput = performance.now()),
    ),
  );
  await input.pressSequentially(QUERY, { delay: 100 });
  const typedAt = await page.evaluate(() => (window as unknown as { lastInput: number }).lastInput);
  // The results for the whole query: the first `search:results` mark after the last keystroke
  // (each search that shows results marks one).
  await page.waitForFunction(
    (t) => performance.getEntriesByName("search:results").some((e) => e.startTime >= t),
    typedAt,
    { timeout: 30_000 },
  );
  // (No named function inside: tsx would wrap it in a helper the page does not have.)
  const marks = await page.evaluate(
    (t) =>
      Object.fromEntries(
        ["search:intent", "search:index-ready", "search:results"].map((n) => [
          n,
          performance.getEntriesByName(n).find((e) => n !== "search:results" || e.startTime >= t)
            ?.startTime ?? NaN,
        ]),
      ),
    typedAt,
  );
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await context.close();
  const intent = marks["search:intent"];
  const ready = marks["search:index-ready"];
  const results = marks["search:results"];
  return {
    intentToIndexMs: ready - intent,
    resultsAfterIndexMs: results - Math.max(ready, typedAt),
    intentToResultsMs: results - intent,
    transfer,
    calibration,
  };
}

export async function measureSearch(
  browser: Browser,
  baseUrl: string,
  publicDir: string,
  phone: Phone,
  runs = 3,
  pagePath = "/about",
): Promise<SearchFigures> {
  const { bytes, files } = indexSize(publicDir);
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await oneRun(browser, baseUrl, pagePath, phone));
  const byResults = [...all].sort((a, b) => a.resultsAfterIndexMs - b.resultsAfterIndexMs);
  return {
    indexBytes: bytes,
    indexFiles: files,
    transferBytes: median(all.map((r) => r.transfer)),
    intentToIndexMs: median(all.map((r) => r.intentToIndexMs)),
    resultsAfterIndexMs: median(all.map((r) => r.resultsAfterIndexMs)),
    intentToResultsMs: median(all.map((r) => r.intentToResultsMs)),
    runs,
    phone,
    calibration: byResults[Math.floor(runs / 2)].calibration,
  };
}

/** The figures as one Markdown table row's worth of text, and the budget they break, if any. */
export function searchSummary(f: SearchFigures): { text: string; problem?: string } {
  const budget = SEARCH_BUDGET.resultsAfterIndexMs[f.phone.id];
  const text =
    `Site search, ${f.phone.name} (host ${calibrationLabel(f.calibration)}; "${QUERY}", median of ${f.runs}): index ${kb(f.indexBytes)} in ${f.indexFiles} files on disk, ` +
    `${kb(f.transferBytes)} transferred by a first search; intent to index ${Math.round(f.intentToIndexMs)} ms, ` +
    `index (or last keystroke) to the query's results ${Math.round(f.resultsAfterIndexMs)} ms (budget ${budget} ms), ` +
    `intent to the query's results, typing included, ${Math.round(f.intentToResultsMs)} ms.`;
  const problem =
    f.resultsAfterIndexMs > budget
      ? `site search, ${f.phone.name}: first results ${Math.round(f.resultsAfterIndexMs)} ms after the index > ${budget} ms`
      : undefined;
  return { text, problem };
}

/** The benchmark's stage (bench/run.ts): its own browser, against the site's server. */
export async function benchSearch(
  baseUrl: string,
  publicDir: string,
): Promise<{ text: string; problem?: string }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const summaries = [];
    for (const phone of PHONES)
      summaries.push(searchSummary(await measureSearch(browser, baseUrl, publicDir, phone)));
    const problems = summaries.flatMap((s) => (s.problem ? [s.problem] : []));
    return {
      text: summaries.map((s) => `- ${s.text}`).join("\n"),
      problem: problems.join("; ") || undefined,
    };
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  void (async () => {
    const publicDir = path.resolve(process.env.SITE_DIR ?? "public");
    const server = await serveStatic(publicDir);
    try {
      const { text, problem } = await benchSearch(server.url, publicDir);
      process.stdout.write(`${text}\n`);
      if (problem) {
        process.stderr.write(`Budget broken: ${problem}\n`);
        process.exitCode = 1;
      }
    } finally {
      await server.stop();
    }
  })();
}
