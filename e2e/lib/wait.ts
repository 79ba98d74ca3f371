/**
 * Polls until `check` returns true (or a value), failing with `message` after `timeoutMs`. Only for
 * what the page cannot see (the outbox, the stand-ins' log, files and git branches, what the test
 * has already recorded of the page's console and policy reports); the page's own state is waited
 * for by the browser (`until` below, `page.waitForFunction`, locator states).
 */
export async function waitFor<T>(
  check: () => Promise<T | false>,
  message: string,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out: ${message}${last ? ` (${String(last)})` : ""}`);
}

/**
 * Lets the page render what it has queued: two animation frames. For checks that something did
 * NOT happen (the page behind a dialog did not scroll), after the event that would have caused it.
 */
export async function nextFrames(page: import("playwright-core").Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Until `check([element, value])` holds: Playwright polls it in the element's own frame on every
 * animation frame (the browser's own waiting). `check` runs in the page, so it sees only its
 * argument: the element and `value`. For what the page can see; `waitFor` above is for what it
 * cannot (the outbox, the third-party log, files).
 */
export async function until<E extends Element, V = null>(
  locator: import("playwright-core").Locator,
  check: (args: [E, V]) => boolean,
  value: V = null as V,
  timeout = 10_000,
): Promise<void> {
  const handle = await locator.elementHandle({ timeout });
  const frame = await handle.ownerFrame();
  if (!frame) throw new Error("the element is in no frame");
  await frame.waitForFunction(check as (args: unknown) => boolean, [handle, value], { timeout });
}
