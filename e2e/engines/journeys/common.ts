import { PROBLEMS, PROBLEMS_KEY } from "../probe";
import type { Driver } from "../driver";

export const DESKTOP = { width: 1280, height: 800 };
/** The phone the issues name: 375 x 667. */
export const PHONE = { width: 375, height: 667 };

/**
 * What the error probe recorded in the tab since the last call (e2e/engines/probe.ts): uncaught
 * errors, unhandled rejections, Content-Security-Policy violations. Read and forgotten.
 */
export async function probeProblems(d: Driver): Promise<string[]> {
  const seen = await d.run(PROBLEMS, PROBLEMS_KEY);
  await d.run((key) => sessionStorage.removeItem(key), PROBLEMS_KEY);
  return seen;
}

/**
 * Lets the page finish what it queued: its idle tasks (src/lib/whenIdle.ts: requestIdleCallback,
 * or a timer where there is none), then two animation frames. For checks that something did NOT
 * happen (the banner did not come back), after the moment it would have.
 */
export const settled = (d: Driver): Promise<boolean> =>
  d.run(
    () =>
      new Promise<boolean>((resolve) => {
        const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        if (typeof window.requestIdleCallback === "function")
          window.requestIdleCallback(frames, { timeout: 5000 });
        else window.setTimeout(frames, 1);
      }),
    null,
  );

/** Two animation frames: what the page queued is rendered. */
export const nextFrames = (d: Driver): Promise<boolean> =>
  d.run(
    () =>
      new Promise<boolean>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))),
      ),
    null,
  );

/** Waits until the element with focus is the one named `name` (its aria-label or its text). */
export async function focusOn(d: Driver, name: string): Promise<void> {
  await d
    .until(
      (expected) => {
        const el = document.activeElement;
        return (
          (el?.getAttribute("aria-label") ?? el?.textContent ?? "").replace(/\s+/g, " ").trim() === expected
        );
      },
      name,
      `focus on ${name}`,
    )
    .catch(async (error: Error) => {
      const on = await d.run(() => document.activeElement?.outerHTML.slice(0, 80) ?? "nothing", null);
      throw new Error(`${error.message}; it is on ${on}`);
    });
}

/** Scrolls the page to `y` and waits until it is there. */
export async function scrollTo(d: Driver, y: number): Promise<void> {
  await d.run((top) => window.scrollTo(0, top), y);
  await d.until((top) => Math.round(window.scrollY) === top, y, `scrolled to ${y}`);
}
