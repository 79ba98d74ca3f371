/**
 * Interaction latency in the lab (issue 27): how long the page takes to answer a tap, a click or
 * a key on a mid-range phone's CPU (Chromium's CPU throttled 4x), measured with Event Timing, the
 * API behind the field's INP. Each interaction runs on a freshly loaded, hydrated page, from
 * Playwright's real input events (trusted, as a visitor's are), for the visitor from outside the
 * consent regions (analytics on: Partytown's worker and the tag are running, as they are for most
 * visitors), with the outside services answered by the benchmark's stub as in the Lighthouse
 * runs (bench/thirdPartyStub.ts: the caller passes its Chromium flags).
 *
 * - Event Timing's duration: from the input's hardware timestamp to the next paint after its
 *   handlers ran (what INP counts), the longest entry of the interaction. Durations under 16 ms
 *   are not reported by the browser: such an interaction counts as 16 ms.
 * - The consultation modal's code is a chunk of its own: its figure runs from the click's timestamp
 *   to the end of the frame in which the dialog is on screen (the click's own Event Timing
 *   duration only reaches the first paint after the click), whichever is longer.
 * - Each interaction starts on a settled page: hydrated, laid out, the analytics tag started, the
 *   network quiet (what the page fetches at idle has arrived) and the browser idle.
 *
 * `npm run bench` runs it after the Lighthouse rows; the budget and its confirmation are the
 * other budgets' (bench/budgets.ts).
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";

/** The CPU slow-down, as Lighthouse's mobile emulation applies it. */
export const CPU_SLOWDOWN = 4;

export interface Interaction {
  name: string;
  path: string;
  viewport: { width: number; height: number };
  touch?: boolean;
  /** Gets the page where the interaction starts (already loaded and hydrated). */
  prepare?: (page: Page) => Promise<void>;
  /** The trusted input. */
  act: (page: Page) => Promise<void>;
  /** Measure until this selector is on screen (a lazy chunk's work); otherwise Event Timing only. */
  until?: string;
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };

export const INTERACTIONS: Interaction[] = [
  {
    name: "Services mega menu opens",
    path: "/services/nlp-solutions",
    viewport: DESKTOP,
    act: (page) => page.getByRole("button", { name: "Services" }).click(),
  },
  {
    name: "consultation modal opens (lazy chunk included)",
    path: "/services/nlp-solutions",
    viewport: DESKTOP,
    act: (page) =>
      page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click(),
    until: "dialog[open] form",
  },
  {
    name: "phone menu opens",
    path: "/",
    viewport: PHONE,
    touch: true,
    act: (page) => page.getByRole("button", { name: "Open menu" }).tap(),
  },
  {
    name: "phone menu: Services submenu",
    path: "/",
    viewport: PHONE,
    touch: true,
    prepare: async (page) => {
      await page.getByRole("button", { name: "Open menu" }).tap();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("heading", { name: "Menu" }).waitFor();
    },
    act: (page) => page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Services" }).tap(),
  },
  {
    name: "/works filter change by key",
    path: "/works",
    viewport: DESKTOP,
    prepare: (page) => page.getByLabel("Industry").focus(),
    act: (page) => page.keyboard.press("ArrowDown"),
  },
];

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
  window.__shown = function (selector) {
    return new Promise(function (resolve) {
      (function check() {
        var el = document.querySelector(selector);
        if (el && el.getClientRects().length > 0) {
          // This frame paints it: the first task after the frame (a message) runs once it is painted.
          var channel = new MessageChannel();
          channel.port1.onmessage = function () { resolve(performance.now()); };
          channel.port2.postMessage(null);
        } else requestAnimationFrame(check);
      })();
    });
  };
`;

/** One measurement of one interaction, in ms. */
async function measureOnce(browser: Browser, baseUrl: string, interaction: Interaction): Promise<number> {
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
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    // The analytics tag starts in its worker at idle after hydration; its start (the sandbox, the
    // tag's fetch, the first hit) is part of the page's load, measured by TBT, not the interaction's.
    const pageView = context.waitForEvent("request", {
      predicate: (request) => /[?&]en=page_view\b/.test(request.url()),
      timeout: 60_000,
    });
    await page.goto(interaction.path);
    // A settled page: hydrated, laid out, the analytics tag started (its first page view sent).
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === "true" &&
        document.documentElement.dataset.laidOut === "true",
      null,
      { timeout: 60_000 },
    );
    await pageView;
    // And what the page fetches at idle once it is live (the modal's code, link prefetches) has arrived.
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 })));
    await interaction.prepare?.(page);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const before = await page.evaluate(() => {
      const w = window as unknown as { __events: unknown[] };
      w.__events = [];
      (window as unknown as { __inputs: number[] }).__inputs = [];
      return performance.now();
    });
    const shown = interaction.until
      ? page.evaluate(
          (s) => (window as unknown as { __shown: (s: string) => Promise<number> }).__shown(s),
          interaction.until,
        )
      : undefined;
    await interaction.act(page);
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
    return end === undefined ? eventTiming : Math.max(eventTiming, end - start);
  } finally {
    await context.close();
  }
}

export interface InteractionFigures {
  interaction: Interaction;
  /** Each run's latency, ms. */
  runs: number[];
  medianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * `runs` measurements of each interaction (or of those named), each on a fresh page; the median.
 * `chromeFlags` send the outside services to the benchmark's stub (its `chromeFlags`).
 */
export async function measureInteractions(
  baseUrl: string,
  runs: number,
  chromeFlags: string[],
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
      const values: number[] = [];
      for (let i = 0; i < runs; i++)
        values.push(Math.round(await measureOnce(browser, baseUrl, interaction)));
      out.push({ interaction, runs: values, medianMs: median(values) });
    }
    return out;
  } finally {
    await browser.close();
  }
}

if (require.main === module) {
  // `npx tsx bench/interactions.ts [runs] [country]`: the interaction figures alone, on the build
  // in ./public, for the outside visitor (US; the benchmark's stub behind the site's proxy).
  void (async () => {
    const { serveStatic } = await import("./staticServer");
    const { startThirdPartyStub } = await import("./thirdPartyStub");
    const { routeTable } = await import("../test/harness/routes");
    const stub = await startThirdPartyStub(process.argv[3] ?? "US", routeTable().site.countryLookupUrl);
    const server = await serveStatic("public", `127.0.0.1:${stub.port}`);
    try {
      for (const f of await measureInteractions(server.url, Number(process.argv[2] ?? 3), stub.chromeFlags))
        process.stdout.write(`${f.interaction.name}: ${f.medianMs} ms (runs ${f.runs.join(", ")})\n`);
    } finally {
      await server.stop();
      await stub.stop();
    }
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
