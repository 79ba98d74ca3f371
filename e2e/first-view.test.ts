/**
 * The first view does not wait for JavaScript (ADR 0017): on every template, the page's largest
 * text or image is on screen before the first of the site's scripts runs, and the scripts do not
 * replace it afterwards (a hydration that re-created the hero would paint it again, later), nor
 * restyle it (styled-components swapping the server's stylesheet for a copy of its own restyled
 * the whole document at start-up: patches/styled-components+6.6.0.patch).
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, DESKTOP, newPage, openHydrated, PHONE } from "./lib/browser";
import { samplePages } from "../test/harness/samplePages";

after(closeBrowser);

/**
 * Records the largest-contentful-paint entries, and which of them were there when the first of
 * the site's scripts ran (webpack's runtime is the first to touch its chunk list).
 */
const RECORD = `
  window.__lcp = [];
  var describe = function (e) { return e.element ? e.element.tagName + ":" + (e.element.textContent || e.element.currentSrc || "").trim().slice(0, 60) : "(removed)"; };
  new PerformanceObserver(function (list) { list.getEntries().forEach(function (e) { window.__lcp.push(describe(e)); }); })
    .observe({ type: "largest-contentful-paint", buffered: true });
  Object.defineProperty(window, "webpackChunkcopperline_site", {
    configurable: true,
    get: function () { return undefined; },
    set: function (value) {
      var probe = new PerformanceObserver(function () {});
      probe.observe({ type: "largest-contentful-paint", buffered: true });
      window.__beforeScripts = probe.takeRecords().map(describe);
      probe.disconnect();
      Object.defineProperty(window, "webpackChunkcopperline_site", { value: value, writable: true, configurable: true });
    },
  });
`;

for (const viewport of [PHONE, DESKTOP])
  test(`the largest text or image is painted before the scripts run, and stays (${viewport.width} px)`, async () => {
    const { page, context } = await newPage(viewport);
    await context.addInitScript({ content: RECORD });
    const found: string[] = [];
    for (const { name, path } of samplePages()) {
      await openHydrated(page, path);
      const { before, all } = await page.evaluate(() => {
        const w = window as unknown as { __beforeScripts?: string[]; __lcp: string[] };
        return { before: w.__beforeScripts, all: w.__lcp };
      });
      if (!before?.length)
        found.push(`${name}: nothing was painted before the first script ran (then: ${all.join(" → ")})`);
      else if (all[all.length - 1] !== before[before.length - 1])
        found.push(
          `${name}: "${before[before.length - 1]}" before the scripts, "${all[all.length - 1]}" after`,
        );
    }
    await context.close();
    assert.deepEqual(found, []);
  });

/**
 * Records every <style> element added to or removed from the document after it was parsed, until
 * the page is hydrated.
 */
const WATCH_STYLES = `
  window.__styleChanges = [];
  document.addEventListener("DOMContentLoaded", function () { new MutationObserver(function (records) {
    if (document.documentElement.dataset.hydrated) return;
    records.forEach(function (r) {
      r.addedNodes.forEach(function (n) { if (n.nodeName === "STYLE") window.__styleChanges.push("added " + (n.getAttribute("data-styled") !== null ? "styled-components" : "other")); });
      r.removedNodes.forEach(function (n) { if (n.nodeName === "STYLE") window.__styleChanges.push("removed " + (n.getAttribute("data-styled") !== null ? "styled-components" : "other")); });
    });
  }).observe(document, { childList: true, subtree: true }); });
`;

test("the page keeps the stylesheet it came with while the scripts start, and a style first used later still applies", async () => {
  const { page, context } = await newPage(PHONE);
  await context.addInitScript({ content: WATCH_STYLES });
  const found: string[] = [];
  for (const { name, path } of samplePages()) {
    await openHydrated(page, path);
    const changes = await page.evaluate(
      () => (window as unknown as { __styleChanges: string[] }).__styleChanges,
    );
    if (changes.length) found.push(`${name}: ${changes.join(", ")}`);
  }
  assert.deepEqual(found, []);
  // A state the server never rendered (a footer column opened on a phone) gets its style now.
  const column = page.locator("footer").getByRole("navigation", { name: "Services" });
  await page.locator("footer").getByRole("button", { name: "Services" }).click();
  await column.getByRole("link").first().waitFor({ state: "visible" });
  await context.close();
});
