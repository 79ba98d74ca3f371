import assert from "node:assert/strict";
import { nextFrames, waitFor } from "./lib/wait";
import { after, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { closeBrowser, newPage } from "./lib/browser";
import { staticHtml } from "./lib/html";
import type { OutsideOptions } from "./lib/outside";

after(closeBrowser);

const answer = (country: unknown, status = 200): OutsideOptions => ({
  countryLookup: { status, body: JSON.stringify({ ip: "192.0.2.1", country }) },
});

const consoleErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  return errors;
};

/** Hydrated, then quiet: the lookup runs after hydration and may start late on a busy machine. */
const settle = async (page: Page) => {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // Quiet for a moment if the network allows it (analytics may keep it busy on some pages).
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
};
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("country"));
/** Waits until the page has saved `code` as the visitor's country. */
const saved = (page: Page, code: string) =>
  page.waitForFunction((c) => window.localStorage.getItem("country") === c, code, { timeout: 15_000 });

describe("country lookup", () => {
  test("happens once on page load, saves the code, and is not repeated on navigation or reload", async () => {
    const { page, context, outside } = await newPage(undefined, {}, answer("GB"));
    const errors = consoleErrors(page);
    await page.goto("/about");
    await settle(page);
    await saved(page, "GB");
    assert.equal(outside.lookups.length, 1);
    assert.equal(outside.lookups[0].method(), "GET");
    // Client-side navigation: no new lookup.
    await page.locator("main a[href='/']").first().click();
    await page.waitForURL((u) => u.pathname === "/");
    await settle(page);
    // Reload and a fresh page load: the saved code is used.
    await page.reload();
    await settle(page);
    await page.goto("/works");
    await settle(page);
    assert.equal(outside.lookups.length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  const failures: [string, OutsideOptions][] = [
    ["a network failure", { countryLookup: "abort" }],
    ["a 500 answer", answer("GB", 500)],
    ["a body that is not JSON", { countryLookup: { status: 200, body: "<html>oops</html>" } }],
    ["an answer without a country", { countryLookup: { status: 200, body: '{"ip":"192.0.2.1"}' } }],
    ["a malformed code", answer("GBR")],
  ];
  for (const [name, options] of failures) {
    test(`${name} is logged with console.error, shows nothing, saves nothing, breaks nothing`, async () => {
      const { page, context, outside } = await newPage(undefined, {}, options);
      const errors = consoleErrors(page);
      await page.goto("/about");
      await settle(page);
      await waitFor(
        async () => errors.some((e) => e.startsWith("Country lookup failed")),
        "the failed lookup to be logged",
        15_000,
      ).catch(() => undefined);
      assert.equal(outside.lookups.length, 1);
      assert.equal(await stored(page), null);
      const lookupErrors = errors.filter((e) => e.startsWith("Country lookup failed"));
      assert.equal(lookupErrors.length, 1, JSON.stringify(errors));
      assert.deepEqual(
        errors.filter((e) => !e.startsWith("Country lookup failed") && !/Failed to load resource/.test(e)),
        [],
      );
      assert.equal(await page.getByRole("region", { name: "Country site suggestion" }).count(), 0);
      assert.equal(await page.locator("h1").count(), 1);
      // The page still works: client-side navigation goes on.
      await page.locator("main a[href='/']").first().click();
      await page.waitForURL((u) => u.pathname === "/");
      await context.close();
    });
  }
});

test("a lookup that never answers does not hold up the page", async () => {
  const { page, context, outside } = await newPage(undefined, {}, { countryLookup: "hang" });
  // The lookup starts after hydration, so the load event does not wait for it at all.
  await page.goto("/about", { waitUntil: "load" });
  await page.waitForFunction(() => document.readyState === "complete");
  await waitFor(async () => outside.lookups.length > 0, "the country lookup was made", 10_000);
  assert.equal(outside.lookups.length, 1);
  assert.ok(await page.locator("h1").isVisible());
  await page.locator("main a[href='/']").first().click();
  await page.waitForURL((u) => u.pathname === "/");
  assert.equal(await page.locator("h1").count(), 1);
  await context.close();
});

describe("country-site suggestion", () => {
  test("offers the matching country page, not on that page, and stays dismissed", async () => {
    const { page, context } = await newPage(undefined, {}, answer("AE"));
    await page.goto("/services/nlp-solutions");
    const region = page.getByRole("region", { name: "Country site suggestion" });
    const link = region.getByRole("link", { name: "View our United Arab Emirates site" });
    await link.waitFor();
    assert.equal(await link.getAttribute("href"), "/ae");
    await link.click();
    await page.waitForURL("**/ae");
    await region.waitFor({ state: "detached", timeout: 5000 });
    assert.equal(await region.count(), 0, "not on the country's own page");
    await page.goto("/about");
    await region.waitFor();
    await region.getByRole("button", { name: "Dismiss" }).click();
    assert.equal(await region.count(), 0);
    await page.reload();
    await settle(page);
    assert.equal(await region.count(), 0, "dismissal remembered");
    await context.close();
  });

  test("is not in the static HTML and not shown for a country without a page", async () => {
    assert.doesNotMatch(await staticHtml("/about"), /Country site suggestion/);
    const { page, context } = await newPage(undefined, {}, answer("JP"));
    await page.goto("/about");
    await settle(page);
    // The lookup waits for an idle moment, which on a busy host comes after the network is quiet.
    await saved(page, "JP");
    await nextFrames(page);
    assert.equal(await page.getByRole("region", { name: "Country site suggestion" }).count(), 0);
    await context.close();
  });
});
