import { chromium, type Browser, type BrowserContext, type Page, type Response } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../test/harness/chromium";
import { interceptOutside, type OutsideLog, type OutsideOptions } from "./outside";

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`");
  return url;
};

let browser: Browser | undefined;

export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/**
 * A fresh context (no storage shared between tests) with reduced motion so nothing animates, and
 * every request to the outside answered by e2e/lib/outside.ts (`outside` says how).
 */
export async function newPage(
  viewport = DESKTOP,
  options: Parameters<Browser["newContext"]>[0] = {},
  outsideOptions: OutsideOptions = {},
): Promise<{ page: Page; context: BrowserContext; outside: OutsideLog }> {
  const context = await (
    await getBrowser()
  ).newContext({
    viewport,
    baseURL: baseUrl(),
    reducedMotion: "reduce",
    ...options,
  });
  const outside = await interceptOutside(context, outsideOptions);
  const page = await context.newPage();
  return { page, context, outside };
}

/**
 * Opens a path and waits until the page is hydrated (gatsby-browser marks <html
 * data-hydrated>): clicks before that would reach the static HTML only. (On a phone the parts
 * below the fold are laid out as they near the viewport, or whole at the first key or jump:
 * src/lib/deferredLayout.ts.)
 */
export async function open(page: Page, path: string, timeout?: number): Promise<void> {
  await page.goto(path, { timeout });
  await page.waitForFunction(hydrated, undefined, { timeout });
}

/** The condition `open` waits for, in the page (the other engines' drivers wait for it too). */
export const hydrated = (): boolean => document.documentElement.dataset.hydrated === "true";

/**
 * A cheaper `open` for tests that visit many pages: waits for the load event and for Gatsby's
 * `onInitialClientRender` performance mark (set once the page has hydrated), and for the scroll
 * animations to have let go of the page (with reduced motion their attributes are stripped at
 * load). Two animation frames then let the state set in the first effects (media queries) render.
 */
export async function openHydrated(page: Page, path: string): Promise<number | undefined> {
  const response = await page.goto(path, { waitUntil: "load" });
  await page.waitForFunction(
    () =>
      performance.getEntriesByName("onInitialClientRender").length > 0 &&
      document.querySelector("[data-aos]") === null,
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return response?.status();
}

/**
 * The page laid out whole, as a visitor sees each part once they reach it: on a phone the parts
 * below the fold wait until they near the viewport or until the visitor's first jump
 * (src/lib/deferredLayout.ts), and what is not laid out has no colours or boxes to check. A key
 * that moves nothing (Shift) is such a jump.
 */
export async function layOutWhole(page: Page): Promise<void> {
  await page.keyboard.press("Shift");
  await page.waitForFunction(laidOut);
}

/** The condition `layOutWhole` waits for, in the page (the other engines' journeys wait for it too). */
export const laidOut = (): boolean => document.documentElement.dataset.laidOut === "true";

/**
 * Records the body of every script the page loads from now on. The bodies are read
 * asynchronously, so the returned function settles every pending read before answering.
 * A script can still be reported after the render it caused: to wait for one to load, start
 * `scriptLoaded` before the action that loads it.
 */
export function recordScripts(page: Page): () => Promise<string[]> {
  const reads: Promise<string>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") reads.push(r.text().catch(() => ""));
  });
  return () => Promise.all(reads);
}

/**
 * The first script the page loads from now on whose body holds `marker` (Playwright's own
 * waiting for a response). Start it before whatever loads the script (the page load, for code
 * fetched at idle), await it after.
 */
export function scriptLoaded(page: Page, marker: string): Promise<Response> {
  const response = page.waitForResponse(
    async (r) => r.request().resourceType() === "script" && (await r.text().catch(() => "")).includes(marker),
  );
  // Awaited later: a test that fails before then does not leave it rejecting unhandled.
  response.catch(() => undefined);
  return response;
}
