import { samplePaths } from "../../../test/harness/samplePages";
import { laidOut } from "../../lib/browser";
import type { Driver } from "../driver";
import { textLayoutProblems } from "../textLayout";
import { nextFrames, scrollTo } from "./common";

/**
 * One page of each template (test/harness/samplePages.ts) at every width the site is checked at:
 * no clipped or overlapping text (textLayout.ts), and, at desktop width after scrolling every lazy
 * image into view, every image loaded.
 */
export const WIDTHS = [320, 375, 768, 1280, 1440] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = {
  320: 568,
  375: 667,
  768: 1024,
  1280: 800,
  1440: 900,
};

/**
 * The page laid out whole, as a visitor sees each part once they reach it: on a phone the parts
 * below the fold wait under placeholders until they near the viewport or until the visitor's first
 * jump (src/lib/deferredLayout.ts), and a placeholder's text has no real boxes to check. A key is
 * such a jump (one that moves nothing, as e2e/lib/browser.ts's `layOutWhole` presses in Chromium).
 */
async function layOutWhole(d: Driver): Promise<void> {
  await d.run(() => document.dispatchEvent(new KeyboardEvent("keydown", { key: "Shift" })), null);
  await d.until(laidOut, null, "the page laid out whole");
}

/** Scrolls down a screen at a time, so the lazy images load, then waits for every shown image. */
async function brokenImages(d: Driver): Promise<string[]> {
  await d.run(
    () =>
      new Promise<void>((resolve) => {
        const step = () => {
          if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1)
            return resolve();
          window.scrollBy(0, window.innerHeight);
          requestAnimationFrame(() => requestAnimationFrame(step));
        };
        step();
      }),
    null,
  );
  await d.until(
    () => [...document.images].filter((img) => img.getClientRects().length > 0).every((img) => img.complete),
    null,
    "every shown image loaded or failed",
  );
  return d.run(
    () =>
      [...document.images]
        .filter((img) => img.getClientRects().length > 0 && img.naturalWidth === 0)
        .map((img) => img.currentSrc || img.src),
    null,
  );
}

/**
 * The check itself, on text made to fail it (a heading cut by its box, two lines on top of each
 * other, a line past the viewport's edge), so a check that stopped seeing problems in an engine
 * fails too. Returns what it missed.
 */
async function checkerMisses(d: Driver): Promise<string[]> {
  await d.run(() => {
    const fixture = document.createElement("div");
    fixture.id = "e2e-layout-fixture";
    fixture.innerHTML = `
      <div style="width: 60px; height: 20px; overflow: hidden"><h2 style="margin: 0">Clipped heading text</h2></div>
      <div style="position: relative; height: 40px"><p style="margin: 0">First line</p><p style="position: absolute; top: 0; margin: 0">Second line</p></div>
      <p style="white-space: nowrap; margin: 0">Past the edge ${"x".repeat(400)}</p>`;
    document.body.prepend(fixture);
  }, null);
  const found = (await d.run(textLayoutProblems, null)).join("\n");
  await d.run(() => document.getElementById("e2e-layout-fixture")?.remove(), null);
  return [
    /clipped by div.*"Clipped heading text"/,
    /overlapping: "First line".*"Second line"/,
    /viewport's edge: "Past the edge/,
  ]
    .filter((expected) => !expected.test(found))
    .map((expected) => `the layout check missed ${expected}`);
}

/**
 * Each page is opened at each width, as a visitor lands on it: a page resized after it loaded is
 * not always laid out again (Firefox kept a footer paragraph 323 px wide after the viewport went
 * from 375 to 320 px, measured here), which would measure a layout no visitor sees.
 */
export async function layoutProblems(d: Driver): Promise<string[]> {
  const problems: string[] = [];
  // A visitor who declined analytics: no banner over the page and no tag to start on each of the
  // 55 loads (the other journeys run with analytics on, under the same error probe).
  await d.open("/");
  await d.run(
    () =>
      localStorage.setItem(
        "analyticsConsent",
        JSON.stringify({ choice: "denied", date: new Date().toISOString() }),
      ),
    null,
  );
  for (const width of WIDTHS) {
    await d.resize({ width, height: HEIGHT[width] });
    for (const path of samplePaths()) {
      await d.open(path);
      // At the page's top, where the fixed navbar belongs over it (a page can open scrolled:
      // the browser or Gatsby restores a position a visitor left it at).
      await scrollTo(d, 0);
      await layOutWhole(d);
      await nextFrames(d);
      if (width === WIDTHS[0] && path === samplePaths()[0]) problems.push(...(await checkerMisses(d)));
      for (const p of await d.run(textLayoutProblems, null)) problems.push(`${path} @${width}: ${p}`);
      if (width === 1280)
        for (const src of await brokenImages(d)) problems.push(`${path} @${width}: image not loaded: ${src}`);
    }
  }
  return problems;
}
