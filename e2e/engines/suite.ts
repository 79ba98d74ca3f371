import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Driver, Viewport } from "./driver";
import { DESKTOP, PHONE, probeProblems } from "./journeys/common";
import {
  aliveOnItsOwn,
  consent,
  consultation,
  megaMenus,
  navbarColour,
  search,
  worksFilters,
} from "./journeys/desktop";
import { layoutProblems } from "./journeys/layout";
import { footer, phoneMenu } from "./journeys/phone";

/**
 * The key journeys, registered for one engine: each a test of its own, in one tab of one browser
 * (an engine starts once: WebKit's session takes seconds), the viewport set for each. Every test
 * fails on an uncaught error, an unhandled rejection or a Content-Security-Policy violation on any
 * page it visited (the probe's record, e2e/engines/probe.ts), besides its own assertions.
 * e2e/engines/<engine>.test.ts calls this in its own describe (so the run's file times name the
 * engine); `npm run test:e2e -- e2e/engines/webkit.test.ts` runs one engine's alone.
 */
/**
 * What a driver says when the browser under it has gone (crashed or closed), not the page; or
 * what `within` says when the browser stopped answering.
 */
const BROWSER_GONE =
  /invalid session id|session deleted|no such window|browser has disconnected|Target closed|stopped answering/i;

/**
 * The longest a journey may take: the longest, the layout sweep's 55 page loads, took 285 s in
 * WebKit on a loaded host. Past it the browser is taken to have stopped answering (a driver's
 * command can wait minutes for an answer, and a browser's process can hang on closing): once, a
 * CI run sat for over an hour in the stage that runs these journeys, with nothing printed.
 */
const JOURNEY_LIMIT_MS = 10 * 60_000;
/** The longest closing a browser may take before the run goes on without it. */
const CLOSE_LIMIT_MS = 30_000;

/** `work`, or an error once `ms` have passed without it ending. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: the browser stopped answering (${ms / 1000} s)`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function keyJourneys(launch: (viewport: Viewport) => Promise<Driver>): void {
  let d: Driver;
  before(async () => {
    d = await launch(DESKTOP);
  });
  const close = (driver: Driver | undefined) =>
    driver ? within(CLOSE_LIMIT_MS, "closing", driver.close()).catch(() => undefined) : undefined;
  after(() => close(d));

  const attempt = (viewport: Viewport, run: (d: Driver) => Promise<void>) =>
    within(
      JOURNEY_LIMIT_MS,
      "the journey",
      (async () => {
        await d.resize(viewport);
        try {
          await run(d);
        } finally {
          await d.forget().catch(() => undefined);
        }
        assert.deepEqual(
          await probeProblems(d),
          [],
          "no uncaught error, unhandled rejection or CSP violation",
        );
      })(),
    );
  /**
   * A journey runs once more, in a browser started again, only when the browser itself went away
   * under it (its session gone: WebKitGTK's MiniBrowser did, once in a loaded CI run, midway
   * through the 55 page loads of the layout journey) or stopped answering (JOURNEY_LIMIT_MS). Any
   * failure of the page fails the test.
   */
  const journey = (name: string, viewport: Viewport, run: (d: Driver) => Promise<void>) =>
    test(name, async (t) => {
      try {
        await attempt(viewport, run);
      } catch (error) {
        if (!BROWSER_GONE.test(String(error))) throw error;
        t.diagnostic(`the browser went away (${String(error).split("\n")[0]}); started again`);
        await close(d);
        d = await launch(DESKTOP);
        await attempt(viewport, run);
      }
    });

  journey(
    "a page starts its scripts by itself once painted, before the 3 s fallback",
    DESKTOP,
    aliveOnItsOwn,
  );
  journey("the navbar is transparent at 0 and 74 px of scroll, white at 75", DESKTOP, navbarColour);
  journey(
    "the mega menus open on hover and by keyboard; Escape closes and returns focus",
    DESKTOP,
    megaMenus,
  );
  journey(
    "the consultation modal: errors for an invalid form, a valid one reaches the store",
    DESKTOP,
    consultation,
  );
  journey(
    "site search: arrows and Enter open a result; each result is a link a middle click opens",
    DESKTOP,
    search,
  );
  journey("the consent banner: accept, then reject; each choice holds on the next pages", DESKTOP, consent);
  journey("the /works filters change the list and the URL", DESKTOP, worksFilters);
  journey(
    "the phone menu at 375 px: drill-down, Home, a link, Escape, the backdrop, Close",
    PHONE,
    phoneMenu,
  );
  journey("the footer at 375 px: a column opens, More... and Less", PHONE, footer);
  journey(
    "every template at 320 to 1440 px: no clipped or overlapping text; every image loads",
    DESKTOP,
    async () => assert.deepEqual(await layoutProblems(d), []),
  );
}
