/**
 * Interaction latency in the lab (issues 27 and 38): how long the page takes to answer a tap, a
 * click or a key on each phone's CPU (bench/phones.ts: the host measured in the page just before
 * the interaction, its CPU slowed to the phone's by CDP), measured with Event Timing, the API
 * behind the field's INP. Each interaction runs on a freshly loaded, hydrated page, from raw
 * input events (trusted, as a visitor's are: `Input`), for the visitor from outside the
 * consent regions (analytics on: Partytown's worker and the tag are running, as they are for most
 * visitors), with the outside services answered by the benchmark's stub as in the Lighthouse
 * runs (bench/thirdPartyStub.ts: the caller passes its Chromium flags).
 *
 * - Event Timing's duration: from the input's hardware timestamp to the next paint after its
 *   handlers ran (what INP counts), the longest entry of the interaction. Durations under 16 ms
 *   are not reported by the browser: such an interaction counts as 16 ms.
 * - Where the answer needs more than the input's handlers (the consultation modal's chunk, the
 *   search's results), the figure runs from the input's timestamp to the end of the frame that
 *   shows the answer (the input's own Event Timing duration only reaches the first paint after
 *   it), whichever is longer.
 * - Each interaction starts on a settled page: hydrated, the analytics tag started, the
 *   network quiet (what the page fetches at idle has arrived) and the browser idle. The page is
 *   loaded at full speed (the state it settles in is the same) and slowed only for the
 *   interaction, after the host is measured: the phone's CPU for the input and what follows.
 *
 * `npm run bench` runs it after the Lighthouse rows; the budget and its confirmation are the
 * other budgets' (bench/budgets.ts).
 */
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";
import { waitFor } from "../test/harness/wait";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { throttleTo, type Calibration, type Phone } from "./phones";
import { threadTimeIn, type ThreadEvent, type ThreadTimeSummary } from "./threadTime";

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
 * target's box found before the CPU is slowed. Nothing of Playwright's own code is in the page
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
    prepare: async (page) => {
      await page.evaluate(() => {
        const label = [...document.querySelectorAll("label")].find(
          (l) => l.textContent?.trim() === "Industry",
        );
        (label?.control as HTMLElement | null | undefined)?.focus();
      });
    },
    input: { key: "ArrowDown" },
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

/** The input, ready to send: its target found now, at the host's speed (`Input`). */
async function aim(page: Page, input: Input): Promise<() => Promise<void>> {
  if ("key" in input) return () => page.keyboard.press(input.key);
  const [x, y] = await middleOf(page, "click" in input ? input.click : input.tap);
  return "click" in input ? () => page.mouse.click(x, y) : () => page.touchscreen.tap(x, y);
}

/**
 * Event Timing entries of interactions, and a waiter for a selector's first frame on screen. A
 * string, not a function: tsx names the functions it compiles with a helper the page lacks.
 */
const OBSERVE = `
  window.__events = [];
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (e.interactionId) window.__events.push({ start: e.startTime, duration: e.duration, id: e.interactionId });
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
          var channel = new MessageChannel();
          channel.port1.onmessage = function () { resolve(performance.now()); };
          channel.port2.postMessage(null);
        } else requestAnimationFrame(check);
      })();
    });
  };
`;

export interface InteractionRun extends Calibration {
  ms: number;
  /**
   * A traced run's page main thread during the interaction (`{ traced: true }`: the CPU left at
   * the host's speed), on the wall and running.
   */
  mainThread?: ThreadTimeSummary;
}

export interface MeasureOptions {
  /**
   * Leave the page's CPU at the host's speed and trace the interaction, to read how much of it
   * was the page's main thread running (`mainThread`): the page's own work, which the
   * calibration scales to a phone, apart from the waiting and the drawing around it.
   */
  traced?: boolean;
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

/** One measurement of one interaction on `phone`, in ms, with the calibration it ran at. */
async function measureOnce(
  browser: Browser,
  baseUrl: string,
  interaction: Interaction,
  phone: Phone,
  { traced = false }: MeasureOptions = {},
): Promise<InteractionRun> {
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
    await page.goto(interaction.path);
    // A settled page: hydrated, the analytics tag started (its first page view sent).
    await inPage(page, `html[data-hydrated="true"]`, undefined, 60_000);
    await pageView;
    // And what the page fetches at idle once it is live (the modal's code, link prefetches) has arrived.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 })));
    await interaction.prepare?.(page);
    const send = await aim(page, interaction.input);
    // The host's speed now, then the phone's CPU for the interaction and what follows it.
    const calibration = await throttleTo(page, cdp, phone);
    if (traced) await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const trace = traced ? await startTrace(cdp) : undefined;
    const before = await page.evaluate((mark) => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      (window as unknown as { __inputs: number[] }).__inputs = [];
      return performance.mark(mark).startTime;
    }, MARK);
    const shown = interaction.until
      ? page.evaluate(
          ({ selector, text }) =>
            (window as unknown as { __shown: (s: string, t?: string) => Promise<number> }).__shown(
              selector,
              text,
            ),
          interaction.until,
        )
      : undefined;
    await send();
    const end = shown ? await shown : undefined;
    // Event Timing entries arrive after the paint that ends them: wait two frames, then read.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))),
    );
    const { events, inputs } = await page.evaluate(() => {
      const w = window as unknown as { __events: { start: number; duration: number }[]; __inputs: number[] };
      return { events: w.__events, inputs: w.__inputs };
    });
    // The input's own timestamp: Event Timing leaves out events that took under 16 ms, so a quick
    // click handler would otherwise start the clock at `before`, ahead of Playwright's own work.
    const starts = [...events.map((e) => e.start), ...inputs];
    const start = starts.length ? Math.min(...starts) : before;
    const eventTiming = Math.max(16, ...events.map((e) => e.duration));
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const ms = end === undefined ? eventTiming : Math.max(eventTiming, end - start);
    if (!trace) return { ...calibration, ms };
    const traceEvents = await trace.stop();
    // The mark was made on the page's main thread, at `before` on the page's clock.
    const mark = traceEvents.find((e) => e.name === MARK);
    if (!mark) throw new Error(`the trace of "${interaction.name}" has no ${MARK} mark`);
    const from = mark.ts + (start - before) * 1000;
    return { ...calibration, ms, mainThread: threadTimeIn(traceEvents, mark, from, from + ms * 1000) };
  } finally {
    await context.close();
  }
}

export interface InteractionFigures {
  interaction: Interaction;
  phone: Phone;
  /** Each run's latency and calibration. */
  runs: InteractionRun[];
  medianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `runs` measurements of each interaction (or of those named) on each of `phones`, each on a
 * fresh page; the median. `chromeFlags` send the outside services to the benchmark's stub.
 */
export async function measureInteractions(
  baseUrl: string,
  runs: number,
  chromeFlags: string[],
  phones: readonly Phone[],
  only: readonly Interaction[] = INTERACTIONS,
  options: MeasureOptions = {},
): Promise<InteractionFigures[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...chromeFlags],
    headless: true,
  });
  try {
    const out: InteractionFigures[] = [];
    for (const interaction of only)
      for (const phone of phones) {
        const measured: InteractionRun[] = [];
        for (let i = 0; i < runs; i++)
          measured.push(await measureOnce(browser, baseUrl, interaction, phone, options));
        out.push({
          interaction,
          phone,
          runs: measured,
          medianMs: Math.round(median(measured.map((r) => r.ms))),
        });
      }
    return out;
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  // `npx tsx bench/interactions.ts [runs] [country] [--main-thread]`: the interaction figures
  // alone, on the build in ./public, for the outside visitor (US; the benchmark's stub behind the
  // site's proxy), on each phone. With --main-thread, traced runs at the host's speed instead: each
  // interaction's time on the host, its page main thread's time in it, and that running time
  // scaled to each phone (docs/performance.md, "The interactions at the main thread's own time").
  void (async () => {
    const { serveStatic } = await import("./staticServer");
    const { startThirdPartyStub } = await import("./thirdPartyStub");
    const { routeTable } = await import("../test/harness/routes");
    const { PHONES, slowdownFor } = await import("./phones");
    const traced = process.argv.includes("--main-thread");
    const [runs = "3", country = "US"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
    const stub = await startThirdPartyStub(country, routeTable().site.countryLookupUrl);
    const server = await serveStatic("public", `127.0.0.1:${stub.port}`);
    try {
      if (traced) {
        for (const f of await measureInteractions(
          server.url,
          Number(runs),
          stub.chromeFlags,
          [PHONES[0]],
          INTERACTIONS,
          {
            traced: true,
          },
        ))
          for (const r of f.runs) {
            const running = r.mainThread!.threadMs;
            const scaled = PHONES.map(
              (p) => `${p.name} ${Math.round(running * slowdownFor(r.hostIndex, p))} ms`,
            );
            process.stdout.write(
              `${f.interaction.name}: ${Math.round(r.ms)} ms on the host (index ${Math.round(r.hostIndex)}); main thread ${running.toFixed(1)} ms running of ${r.mainThread!.wallMs.toFixed(1)} ms; scaled: ${scaled.join(", ")}\n`,
            );
          }
        return;
      }
      for (const f of await measureInteractions(server.url, Number(runs), stub.chromeFlags, PHONES))
        process.stdout.write(
          `${f.interaction.name}, ${f.phone.name}: ${f.medianMs} ms (runs ${f.runs.map((r) => `${Math.round(r.ms)} at ${Math.round(r.hostIndex)}/${r.slowdown.toFixed(1)}x`).join(", ")})\n`,
        );
    } finally {
      await server.stop();
      await stub.stop();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
