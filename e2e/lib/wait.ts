export { waitFor } from "../../test/harness/wait";

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
