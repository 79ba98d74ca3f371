/**
 * Interaction latency in the lab (issues 27 and 38): how long the page takes to answer a tap, a
 * click or a key on each phone (bench/phones.ts), measured with Event Timing, the API behind the
 * field's INP. Each interaction runs on a freshly loaded, hydrated page, from raw input events
 * (trusted, as a visitor's are: `Input`), for the visitor from outside the consent regions
 * (analytics on: Partytown's worker and the tag are running, as they are for most visitors), with
 * the outside services answered by the benchmark's stub as in the Lighthouse runs
 * (bench/thirdPartyStub.ts: the caller passes its Chromium flags).
 *
 * - What is measured: from the input's timestamp to the frame that shows the answer. That frame
 *   is the first after the input's handlers (Event Timing's duration, what INP counts; durations
 *   under 16 ms are not reported by the browser: such an interaction counts as 16 ms), or, where
 *   the answer needs more than the handlers (the consultation modal's chunk, the search's
 *   results), the first frame that shows it.
 * - How a phone is emulated: each run is traced at the host's speed, and computed for each phone
 *   as the Lighthouse rows are (`onPhone`): the running time of the page's main thread and its
 *   workers between the input and the commit of that frame (their tasks at thread time,
 *   bench/threadTime.ts) is stretched by the calibrated slowdown, the waits stay as the host took
 *   them, and the frame takes one refresh to reach the screen. CDP's CPU throttling did this until 2026-12-02; on a 2-core host it keeps a
 *   whole core spinning (Chromium's throttler busy-waits in the main thread, even while the page
 *   is idle) and stretches the main thread's waits as if it were running, and the frame's raster
 *   and draw, done in software on this host, came on top (docs/performance.md).
 * - Each interaction starts on a settled page: hydrated, the analytics tag started, the
 *   network quiet (what the page fetches at idle has arrived), Gatsby's first prefetch of the
 *   pages its links lead to over (`FIRST_BATCH_MS`) and the browser idle.
 *
 * `npm run bench` runs it after the Lighthouse rows; the budget and its confirmation are the
 * other budgets' (bench/budgets.ts).
 */
import { chromium, type Browser, type CDPSession, type Page, type Request } from "playwright-core";
import { waitFor } from "../test/harness/wait";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { calibrationIndex } from "./lighthouse";
import { measureHostIndex, PHONES, slowdownFor, type Calibration, type Phone } from "./phones";
import { frameCommitEnd, pageThreadsRunningIn, threadTimeIn, type ThreadEvent } from "./threadTime";

/**
 * An element of the page, found in the page: the first match of `css` that is shown and, when
 * `text` is given, whose text starts with it.
 */
export interface Target {
  css: string;
  text?: string;
}

/**
 * The measured input: a click or a tap at the middle of a target, or a key. It is sent as raw
 * input (CDP's Input domain, as Playwright's mouse, touchscreen and keyboard send it), the
 * target's box found before the trace starts. Nothing of Playwright's own code is in the page
 * when it is sent: its locators and `waitForFunction` install its injected script, which listens
 * to every pointer and mouse event on the window for the rest of the page's life (its hit-target
 * checks), work no visitor's browser does, which showed in a traced consultation-dialog click on
 * the low-tier phone (about 1.5 ms of host time, 12 to 17 ms at 9x: docs/performance.md). So the
 * page is found, awaited and prepared here with `evaluate` and raw input only.
 */
export type Input = { click: Target } | { tap: Target } | { key: string };

export interface Interaction {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  touch?: boolean;
  /** Gets the page where the interaction starts (already loaded and hydrated). */
  prepare?: (page: Page) => Promise<void>;
  /** The trusted input. */
  input: Input;
  /**
   * Measure until this selector is on screen (holding `text`, when given): a lazy chunk's work, a
   * search's results. Otherwise Event Timing only.
   */
  until?: { selector: string; text?: string };
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

const MENU = "dialog#mobile-menu";
const OPEN_MENU: Target = { css: 'button[aria-label="Open menu"]' };

export const INTERACTIONS: Interaction[] = [
  {
    name: "Services mega menu opens",
    path: "/services/nlp-solutions",
    viewport: DESKTOP,
    input: { click: { css: 'header button[aria-controls="mega-services"]' } },
  },
  {
    name: "consultation modal opens (lazy chunk included)",
    path: "/services/nlp-solutions",
    viewport: DESKTOP,
    input: { click: { css: 'main a[aria-haspopup="dialog"]', text: "Get a free consultation" } },
    until: { selector: "dialog[open] form" },
  },
  {
    name: "phone menu opens",
    path: "/",
    viewport: PHONE,
    touch: true,
    input: { tap: OPEN_MENU },
  },
  {
    name: "phone menu: Services submenu",
    path: "/",
    viewport: PHONE,
    touch: true,
    // The menu open at its first level, as the drill-down (its Services a button).
    prepare: async (page) => {
      await page.touchscreen.tap(...(await middleOf(page, OPEN_MENU)));
      await inPage(page, `${MENU}[open] li > button`);
    },
    input: { tap: { css: `${MENU}[open] li > button`, text: "Services" } },
  },
  {
    name: "/works filter change by key",
    path: "/works",
    viewport: DESKTOP,
    prepare: focusIndustryFilter,
    input: { key: "ArrowDown" },
  },
  {
    // The way back: from one industry's case studies to every one (38 cards shown again).
    name: "/works filter back to all by key",
    path: "/works",
    viewport: DESKTOP,
    prepare: async (page) => {
      await focusIndustryFilter(page);
      await page.keyboard.press("ArrowDown");
      await inPage(page, '[role="status"]', " of ");
      await idle(page);
    },
    input: { key: "ArrowUp" },
  },
  {
    // The search dialog open, its index loaded and the query's first word typed but its last key:
    // that key's results (the status line names the whole query once they are shown).
    name: "search dialog: first results",
    path: "/about",
    viewport: DESKTOP,
    prepare: async (page) => {
      await page.keyboard.press("/");
      await inPage(page, 'dialog[open] input[role="combobox"]:focus');
      await page.keyboard.type("React Nativ", { delay: 50 });
      await inPage(page, '[role="status"]', "“React Nativ”", 60_000);
    },
    input: { key: "e" },
    until: { selector: "[role=status]", text: "“React Native”" },
  },
];

/**
 * Gatsby's loader prefetches the data of the pages a page's visible links lead to, in batches of
 * four, the first 3 s after the links came into view and each next one 3 s after the last ended
 * (gatsby/cache-dir/loader.js, `prefetch`): here 2.4 to 2.9 s after the page is marked hydrated,
 * then, where more links came into view, about 3 s later. A batch is 5 to 10 ms of the page's
 * main thread on this host (each page's data fetched twice, a prefetch link and the loader's
 * request), and the network's idle comes before the first: the search, whose preparation types
 * for a second and a half, met it in two runs of seven, 18 and 21 ms of the page's threads
 * against 9 to 16 in the others (docs/performance.md). So an interaction waits until the first
 * batch is over: page data requested after hydration, then none requested or received for 300 ms
 * (or, if no batch has started, `FIRST_BATCH_MS` after hydration). The next batch cannot start for
 * 3 s after that, longer than an interaction takes; until 2026-12-05 every run waited the 4 s
 * whether the batch had ended or not, about a second longer than it needed.
 */
export const FIRST_BATCH_MS = 4_000;

function watchPageData(page: Page): { hydrated: () => void; quiet: () => Promise<void> } {
  let pending = 0;
  let last = Date.now();
  let hydratedAt = Infinity;
  // The page's own data comes before hydration; what is requested after it is the prefetch.
  let batchStarted = false;
  const isPageData = (url: string) => new URL(url).pathname.startsWith("/page-data/");
  const settle = (request: Request) => {
    if (!isPageData(request.url())) return;
    pending = Math.max(0, pending - 1);
    last = Date.now();
  };
  page.on("request", (request) => {
    if (!isPageData(request.url())) return;
    pending++;
    last = Date.now();
    if (last > hydratedAt) batchStarted = true;
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    hydrated: () => void (hydratedAt = Date.now()),
    quiet: async () => {
      await waitFor(
        async () =>
          (batchStarted || Date.now() - hydratedAt > FIRST_BATCH_MS) &&
          pending === 0 &&
          Date.now() - last > 300,
        "Gatsby's first prefetch of the linked pages' data to end",
        30_000,
      );
    },
  };
}

/** Until the page's main thread is idle (an idle callback runs), 5 s at most. */
const idle = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 })));

/** The `/works` page with its Industry filter focused, nothing chosen yet. */
async function focusIndustryFilter(page: Page): Promise<void> {
  await page.evaluate(() => {
    const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === "Industry");
    (label?.control as HTMLElement | null | undefined)?.focus();
  });
}

/**
 * Until the page shows `css` (holding `text`, when given), asked every 50 ms with `evaluate`
 * (not `waitForFunction`, which installs Playwright's injected script: `Input`).
 */
async function inPage(page: Page, css: string, text?: string, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    () =>
      page.evaluate(
        ([selector, wanted]) =>
          [...document.querySelectorAll(selector)].some(
            (el) => el.getClientRects().length > 0 && (!wanted || (el.textContent ?? "").includes(wanted)),
          ),
        [css, text ?? ""] as const,
      ),
    `the page showing ${css}${text ? ` with "${text}"` : ""}`,
    timeoutMs,
  );
}

/** The middle of a target, scrolled into view, in the viewport's coordinates. */
async function middleOf(page: Page, target: Target): Promise<[number, number]> {
  const box = await page.evaluate(({ css, text }) => {
    const el = [...document.querySelectorAll(css)].find(
      (e) => e.getClientRects().length > 0 && (!text || (e.textContent ?? "").trim().startsWith(text)),
    );
    if (!el) return null;
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, target);
  if (!box) throw new Error(`no ${target.css}${target.text ? ` "${target.text}"` : ""} shown on the page`);
  return [box.x, box.y];
}

/**
 * The input, ready to send: its target found now, at the host's speed (`Input`). A mouse is on
 * the page before it clicks: a visitor's pointer crosses the page to reach what it clicks, and
 * whatever its arrival starts (the deferred parts' hydration, src/lib/hydrationGate.ts) happens
 * then, not in the click. So before a click the pointer is moved onto the page, clear of the
 * target (the viewport's bottom-left corner), and the page left to go idle again. A tap is the
 * visitor's first touch of the page, and keys come after the focus `prepare` gave.
 */
async function aim(page: Page, input: Input): Promise<() => Promise<void>> {
  if ("key" in input) return () => page.keyboard.press(input.key);
  const [x, y] = await middleOf(page, "click" in input ? input.click : input.tap);
  if ("tap" in input) return () => page.touchscreen.tap(x, y);
  const viewport = page.viewportSize();
  await page.mouse.move(1, (viewport?.height ?? 600) - 1);
  await idle(page);
  return () => page.mouse.click(x, y);
}

/**
 * Event Timing entries of interactions, and a waiter for a selector's first frame on screen. A
 * string, not a function: tsx names the functions it compiles with a helper the page lacks.
 */
const OBSERVE = `
  window.__events = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (e.interactionId) window.__events.push({ start: e.startTime, duration: e.duration, handled: e.processingEnd });
    });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  window.__inputs = [];
  ["pointerdown", "keydown", "click"].forEach(function (type) {
    addEventListener(type, function (e) { window.__inputs.push(e.timeStamp); }, { capture: true });
  });
  window.__shown = function (selector, text) {
    return new Promise(function (resolve) {
      (function check() {
        var el = document.querySelector(selector);
        if (el && el.getClientRects().length > 0 && (!text || el.textContent.indexOf(text) >= 0)) {
          // This frame paints it: the first task after the frame (a message) runs once it is painted.
          var found = performance.now();
          var channel = new MessageChannel();
          channel.port1.onmessage = function () { resolve({ found: found, painted: performance.now() }); };
          channel.port2.postMessage(null);
        } else requestAnimationFrame(check);
      })();
    });
  };
`;

/** One run of an interaction at the host's speed, traced (`measureOnce`). */
export interface TracedRun {
  /** The host's `benchmarkIndex`, measured in the page just before the run. */
  hostIndex: number;
  /** The interaction on the host, as the benchmark defines it (see the header), in ms. */
  hostMs: number;
  /**
   * From the input to the end of the main thread's commit of the frame that shows the answer, on
   * the host, in ms: the part of `hostMs` before the frame leaves the page's main thread.
   */
  committedMs: number;
  /**
   * The page's main thread and its workers running in `committedMs` (their tasks at thread time,
   * a worker's work inside a main-thread task counted once with it: `pageThreadsRunningIn` in
   * bench/threadTime.ts), in ms: the part a phone's CPU stretches.
   */
  runningMs: number;
  /**
   * The time the main thread's tasks in `committedMs` were not running (their wall time less
   * their thread time), in ms: waiting for a core the rest of Chromium held, on this 2-core host.
   */
  waitingMs: number;
}

/** A run's figure on one phone. */
export interface InteractionRun extends TracedRun {
  /** The index the interaction's runs are calibrated with (`calibrationIndex`) and its slowdown. */
  calibration: Pick<Calibration, "hostIndex" | "slowdown">;
  /** The interaction on the phone, in ms (`onPhone`). */
  ms: number;
}

/**
 * What a phone takes from the main thread's commit to the frame on screen: one frame at 60 Hz.
 * On a phone the compositor rasters and draws on the GPU and on cores the main thread does not
 * use; on this host both are done in software on the same two cores (Chromium has no GPU here):
 * the display compositor's draw of one 1280 x 800 frame took 20 ms, and the frame reached the
 * screen 50 ms after the commit of a 15 ms menu click (docs/performance.md). Lighthouse's
 * simulation, which the page-load rows use, counts none of it.
 */
export const PRESENTATION_MS = 1000 / 60;

/**
 * A traced run on `phone`, simulated as the page-load rows are (bench/lighthouse.ts): the main
 * thread's tasks at their thread time (`waitingMs` left out: on this host the rest of Chromium
 * shares the page's two cores, where a phone has eight), the page's threads' running time
 * (`runningMs`) between the input and the commit of the frame that shows the answer stretched by
 * the slowdown, the gaps between tasks as long as on the host, then one frame to the screen
 * (`PRESENTATION_MS`). docs/performance.md says why this replaced CDP's CPU throttling (on two
 * cores it spins one of them whole, even idle). Work a worker does inside one of the main thread's
 * tasks runs beside it on a phone's other core, and counts once with it (until 2026-12-07 both
 * counted, as if one core did them in turn: the search's first results read 30 to 60 ms long on
 * the low-tier phone).
 */
export function onPhone(run: TracedRun, hostIndex: number, phone: Phone): number {
  const slowdown = slowdownFor(hostIndex, phone);
  return run.committedMs - run.waitingMs + run.runningMs * (slowdown - 1) + PRESENTATION_MS;
}

/** The trace's user-timing mark at the start of the measurement: it ties the page's clock to the trace's. */
const MARK = "bench-interaction-start";

/** Starts a trace of the page's timeline; `stop` ends it and gives its events. */
async function startTrace(cdp: CDPSession): Promise<{ stop: () => Promise<ThreadEvent[]> }> {
  const events: ThreadEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as ThreadEvent[]));
  cdp.on("Tracing.dataCollected", collect);
  await cdp.send("Tracing.start", {
    traceConfig: {
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"],
    },
    transferMode: "ReportEvents",
  });
  return {
    stop: async () => {
      const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await complete;
      cdp.off("Tracing.dataCollected", collect);
      return events;
    },
  };
}

/**
 * The page's dedicated workers (the site search's, running Pagefind; Partytown's, running the
 * analytics tag): with its main thread (where `mark` was made), the threads running the page's
 * own work, which a phone runs at its own speed. The compositor and the renderer's other threads
 * are Chromium's, and stay as the host ran them.
 */
function workers(events: readonly ThreadEvent[], main: ThreadEvent): { pid: number; tid: number }[] {
  return events.filter(
    (e) =>
      e.name === "thread_name" &&
      e.pid === main.pid &&
      (e as ThreadEvent & { args?: { name?: string } }).args?.name === "DedicatedWorker thread",
  );
}

/** One traced run of one interaction, at the host's speed. */
async function measureOnce(browser: Browser, baseUrl: string, interaction: Interaction): Promise<TracedRun> {
  const context = await browser.newContext({
    viewport: interaction.viewport,
    baseURL: baseUrl,
    reducedMotion: "reduce",
    ...(interaction.touch ? { hasTouch: true, isMobile: true } : {}),
  });
  try {
    await context.addInitScript({ content: OBSERVE });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // The analytics tag starts in its worker at idle after hydration; its start (the sandbox, the
    // tag's fetch, the first hit) is part of the page's load, measured by TBT, not the interaction's.
    const pageView = context.waitForEvent("request", {
      predicate: (request) => /[?&]en=page_view\b/.test(request.url()),
      timeout: 60_000,
    });
    const prefetches = watchPageData(page);
    await page.goto(interaction.path);
    // A settled page: hydrated, the analytics tag started (its first page view sent).
    await inPage(page, `html[data-hydrated="true"]`, undefined, 60_000);
    prefetches.hydrated();
    await pageView;
    // And what the page fetches at idle once it is live (the modal's code, link prefetches) has arrived.
    await page.waitForLoadState("networkidle");
    await idle(page);
    await interaction.prepare?.(page);
    await prefetches.quiet();
    await idle(page);
    const send = await aim(page, interaction.input);
    // The host's speed now, just before the run it calibrates.
    const hostIndex = await measureHostIndex(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const trace = await startTrace(cdp);
    const before = await page.evaluate((mark) => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      (window as unknown as { __inputs: number[] }).__inputs = [];
      return performance.mark(mark).startTime;
    }, MARK);
    const shown = interaction.until
      ? page.evaluate(
          ({ selector, text }) =>
            (
              window as unknown as {
                __shown: (s: string, t?: string) => Promise<{ found: number; painted: number }>;
              }
            ).__shown(selector, text),
          interaction.until,
        )
      : undefined;
    await send();
    const answer = shown ? await shown : undefined;
    // Event Timing entries arrive after the paint that ends them: wait two frames, then read.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))),
    );
    const { events, inputs } = await page.evaluate(() => {
      const w = window as unknown as {
        __events: { start: number; duration: number; handled: number }[];
        __inputs: number[];
      };
      return { events: w.__events, inputs: w.__inputs };
    });
    // The input's own timestamp: Event Timing leaves out events that took under 16 ms, so a quick
    // click handler would otherwise start the clock at `before`, ahead of Playwright's own work.
    const starts = [...events.map((e) => e.start), ...inputs];
    const start = starts.length ? Math.min(...starts) : before;
    const eventTiming = Math.max(16, ...events.map((e) => e.duration));
    const hostMs = answer === undefined ? eventTiming : Math.max(eventTiming, answer.painted - start);
    // When the answer was in the page: the shown selector found, or the handlers done of the
    // event whose duration is the interaction's (INP's: the longest; its frame is the answer's).
    const longest = [...events].sort((a, b) => b.duration - a.duration || a.start - b.start)[0];
    const answered =
      answer && answer.painted - start >= eventTiming
        ? answer.found
        : (longest?.handled ?? Math.max(start, ...inputs));
    const traceEvents = await trace.stop();
    // The mark was made on the page's main thread, at `before` on the page's clock.
    const mark = traceEvents.find((e) => e.name === MARK);
    if (!mark) throw new Error(`the trace of "${interaction.name}" has no ${MARK} mark`);
    const at = (pageMs: number) => mark.ts + (pageMs - before) * 1000;
    const committed = frameCommitEnd(traceEvents, mark, at(answered), at(start + hostMs));
    const from = at(start);
    const main = threadTimeIn(traceEvents, mark, from, committed);
    return {
      hostIndex,
      hostMs,
      committedMs: (committed - from) / 1000,
      runningMs: pageThreadsRunningIn(traceEvents, mark, workers(traceEvents, mark), from, committed),
      waitingMs: main.wallMs - main.threadMs,
    };
  } finally {
    await context.close();
  }
}

export interface InteractionFigures {
  interaction: Interaction;
  phone: Phone;
  /** Each run's figure on the phone, with the calibration it was computed at. */
  runs: InteractionRun[];
  medianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `runs` traced runs of each interaction (or of those named), each on a fresh page, computed for
 * each of `phones`; the median. The runs of an interaction are calibrated with the highest index
 * they measured, as a page's Lighthouse runs are (`calibrationIndex`, bench/lighthouse.ts: the
 * cores being shared lowers a reading, and the main thread's thread time leaves the sharing out).
 * `chromeFlags` send the outside services to the benchmark's stub.
 */
export async function measureInteractions(
  baseUrl: string,
  runs: number,
  chromeFlags: string[],
  phones: readonly Phone[],
  only: readonly Interaction[] = INTERACTIONS,
): Promise<InteractionFigures[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...chromeFlags],
    headless: true,
  });
  try {
    const out: InteractionFigures[] = [];
    for (const interaction of only) {
      const traced: TracedRun[] = [];
      for (let i = 0; i < runs; i++) traced.push(await measureOnce(browser, baseUrl, interaction));
      const hostIndex = calibrationIndex(traced);
      for (const phone of phones) {
        const calibration = { hostIndex, slowdown: slowdownFor(hostIndex, phone) };
        const measured = traced.map((run) => ({ ...run, calibration, ms: onPhone(run, hostIndex, phone) }));
        out.push({
          interaction,
          phone,
          runs: measured,
          medianMs: Math.round(median(measured.map((r) => r.ms))),
        });
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  // `npx tsx bench/interactions.ts [runs] [country] [name]`: the interaction figures alone (those
  // whose name holds `name`, or all), on the build in ./public, for the outside visitor (US; the
  // benchmark's stub behind the site's proxy): each phone's figure, and each run's time on the
  // host, to the commit, and its page threads' running time.
  void (async () => {
    const { serveStatic } = await import("./staticServer");
    const { startThirdPartyStub } = await import("./thirdPartyStub");
    const { routeTable } = await import("../test/harness/routes");
    const [runs = "3", country = "US", name = ""] = process.argv.slice(2);
    const only = INTERACTIONS.filter((i) => i.name.includes(name));
    const stub = await startThirdPartyStub(country, routeTable().site.countryLookupUrl);
    const server = await serveStatic("public", `127.0.0.1:${stub.port}`);
    try {
      for (const f of await measureInteractions(server.url, Number(runs), stub.chromeFlags, PHONES, only)) {
        const { hostIndex, slowdown } = f.runs[0].calibration;
        const each = f.runs.map(
          (r) =>
            `${Math.round(r.ms)} (host ${Math.round(r.hostMs)} ms, committed at ${r.committedMs.toFixed(1)} ms, page threads ${r.runningMs.toFixed(1)} ms, main thread waiting ${r.waitingMs.toFixed(1)} ms, index ${Math.round(r.hostIndex)})`,
        );
        const main = median(f.runs.map((r) => r.runningMs)).toFixed(1);
        process.stdout.write(
          `${f.interaction.name}, ${f.phone.name}: ${f.medianMs} ms at ${Math.round(hostIndex)}/${slowdown.toFixed(1)}x (page threads running ${main} ms); runs ${each.join(", ")}\n`,
        );
      }
    } finally {
      await server.stop();
      await stub.stop();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
