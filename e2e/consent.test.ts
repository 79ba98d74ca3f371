import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { PAGE_VIEW_DELAY_MS } from "../src/lib/analytics";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { axeProblems } from "./lib/axe";
import { closeBrowser, DESKTOP, newPage, PHONE } from "./lib/browser";
import { staticHtml } from "./lib/html";
import { E2E_MEASUREMENT_ID, type OutsideLog, type OutsideOptions } from "./lib/outside";
import { commandsSent, consentDefault } from "./lib/gtag";
import { nextFrames, waitFor } from "./lib/wait";

/**
 * Analytics consent by region (issue 16), in the built site. The country lookup answers per test
 * (e2e/lib/outside.ts): DE is in site.yaml's consentRegions, US is not; a failed or unanswered
 * lookup counts as a region. The analytics hosts are stubbed and every request to them (or to
 * Gatsby's Partytown proxy) is logged in `outside.analytics`. The tag runs in Partytown's worker
 * (ADR 0011): what it ran is read from what the stand-in sent (`commandsSent`).
 */

after(closeBrowser);

const site = routeTable().site;
const copy = site.consentBanner;
const PHONE_390 = { width: 390, height: 844 };
const ID = process.env.GATSBY_GA_MEASUREMENT_ID || E2E_MEASUREMENT_ID;

const from = (country: string): OutsideOptions => ({
  countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.1", country }) },
});

const bannerOf = (page: Page): Locator => page.getByRole("region", { name: copy.heading });
const events = (outside: OutsideLog, name: string) =>
  outside.collects.filter((u) => u.searchParams.get("en") === name);

/**
 * Hydrated, and past the moment analytics decides: the decision runs in an idle callback queued
 * during hydration, and idle callbacks run in order, so one queued now runs after it. (A first
 * visit also waits for the lookup: those tests wait for the banner instead.)
 */
async function decided(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })),
  );
  await nextFrames(page);
}

async function waitForTag(outside: OutsideLog, count = 1): Promise<void> {
  await waitFor(async () => events(outside, "config").length >= count, "the tag to count the page", 10_000);
}

/** Nothing of the tag on the page: no Partytown, no off-main-thread script, no gtag stub. */
const nothingOfTheTag = (page: Page) =>
  page.evaluate(() => ({
    partytown: document.querySelectorAll("script[src*='~partytown'], iframe[src*='~partytown']").length,
    scripts: document.querySelectorAll("script[type='text/partytown']").length,
    gtag: "gtag" in window || "dataLayer" in window,
  }));
const NOTHING = { partytown: 0, scripts: 0, gtag: false };

const gaCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((c) => c.name.startsWith("_ga"));

/** How far apart Playwright's clock puts animation frames (its requestAnimationFrame). */
const CLOCK_FRAME_MS = 16;

const storedChoice = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("analyticsConsent") ?? "null"));

test("the banner is not in the static HTML, and the footer has Cookie settings", async () => {
  const html = await staticHtml("/about");
  assert.doesNotMatch(html, new RegExp(copy.accept));
  assert.match(html, new RegExp(`<button[^>]*>${copy.settings}</button>`));
});

describe("a visitor from DE", () => {
  test("sees the banner and nothing loads; Accept loads the tag, counts one view, then one per navigation; a reload keeps it", async () => {
    const { page, context, outside } = await newPage(DESKTOP, {}, from("DE"));
    await page.goto("/");
    const banner = bannerOf(page);
    await banner.waitFor();
    // Announced politely, without taking focus.
    assert.equal(
      await banner.evaluate((el) => el.closest("[aria-live]")?.getAttribute("aria-live")),
      "polite",
    );
    assert.equal(await page.evaluate(() => document.activeElement === document.body), true);
    assert.ok(await banner.getByRole("heading", { name: copy.heading }).isVisible());
    assert.equal(
      await banner.getByRole("link", { name: copy.privacyLink }).getAttribute("href"),
      "/privacy#analytics",
    );
    assert.deepEqual(outside.analytics, [], "nothing from analytics before a choice");
    assert.deepEqual(await gaCookies(context), []);
    assert.deepEqual(await nothingOfTheTag(page), NOTHING);

    await banner.getByRole("button", { name: copy.accept }).click();
    await waitForTag(outside);
    assert.equal(await banner.count(), 0, "the banner closes");
    assert.equal(outside.tags.length, 1);
    const commands = commandsSent(outside);
    assert.deepEqual(commands[0], consentDefault("denied"));
    assert.deepEqual(commands[1], ["consent", "update", { analytics_storage: "granted" }]);
    assert.ok(commands.findIndex((c) => c[0] === "config") > 1);
    assert.deepEqual(
      commands.find((c) => c[0] === "config"),
      ["config", ID],
    );
    assert.equal(events(outside, "config").length, 1, "the current page counted once");
    assert.equal(events(outside, "page_view").length, 0);
    const saved = await storedChoice(page);
    assert.equal(saved.choice, "granted");
    assert.ok(Math.abs(Date.parse(saved.date) - Date.now()) < 60_000, "saved with the date");

    // A client-side navigation: one page_view.
    await page.locator("main a[href='/works']").first().click();
    await page.waitForURL("**/works");
    await waitFor(async () => events(outside, "page_view").length === 1, "a page_view", 10_000);
    assert.equal(events(outside, "page_view")[0].searchParams.get("ep.page_path"), "/works");

    // A reload: no banner, the tag loads straight away.
    await page.reload();
    await waitForTag(outside, 2);
    await decided(page);
    assert.equal(await banner.count(), 0);
    assert.equal(outside.tags.length, 2);
    assert.equal(outside.lookups.length, 1, "the country was saved, not looked up again");
    assert.deepEqual(outside.blocked, []);
    await context.close();
  });

  test("who rejects: nothing loads here, on the next page or after a reload; Cookie settings then Accept works", async () => {
    const { page, context, outside } = await newPage(DESKTOP, {}, from("DE"));
    await page.goto("/about");
    const banner = bannerOf(page);
    await banner.getByRole("button", { name: copy.reject }).click();
    await banner.waitFor({ state: "detached" });
    assert.equal((await storedChoice(page)).choice, "denied");
    // The next page, client-side, then full page loads.
    await page.locator("main a[href='/']").first().click();
    await page.waitForURL((u) => u.pathname === "/");
    await nextFrames(page);
    await page.goto("/works");
    await decided(page);
    await page.reload();
    await decided(page);
    assert.equal(await banner.count(), 0, "not asked again");
    assert.deepEqual(outside.analytics, []);
    assert.deepEqual(await gaCookies(context), []);
    assert.deepEqual(await nothingOfTheTag(page), NOTHING);

    // Cookie settings reopens the banner; Accept then measures this page.
    await page.getByRole("button", { name: copy.settings }).click();
    await banner.getByRole("button", { name: copy.accept }).click();
    await waitForTag(outside);
    assert.equal(outside.tags.length, 1);
    assert.equal((await storedChoice(page)).choice, "granted");
    await context.close();
  });

  test("who rejects after accepting: consent update denied, and no more page views on this page or later ones", async () => {
    const { page, context, outside } = await newPage(DESKTOP, {}, from("DE"));
    // Playwright's clock in the page: it runs at the normal pace, and below the test runs it past
    // the moment a page_view would have been sent instead of waiting for that moment.
    await page.clock.install();
    await page.goto("/about");
    await bannerOf(page).getByRole("button", { name: copy.accept }).click();
    await waitForTag(outside);
    await page.getByRole("button", { name: copy.settings }).click();
    await bannerOf(page).getByRole("button", { name: copy.reject }).click();
    await waitFor(
      async () =>
        JSON.stringify(commandsSent(outside).at(-1)) ===
        JSON.stringify(["consent", "update", { analytics_storage: "denied" }]),
      "the worker's tag to get the denied update",
      10_000,
    );
    // Google's opt-out flag is set in the worker, where gtag.js reads it: an event the page
    // forwards now is not sent; once the flag is lifted again, the next one is (forwarded calls
    // run in order, so the first was dropped, not delayed).
    await page.evaluate(() => {
      const w = window as unknown as Record<string, (...args: unknown[]) => void>;
      w.gtag("event", "probe_while_opted_out");
      w.analyticsOptOut(false);
      w.gtag("event", "probe_after");
    });
    await waitFor(
      async () => events(outside, "probe_after").length === 1,
      "the probe after the flag",
      10_000,
    );
    assert.equal(events(outside, "probe_while_opted_out").length, 0, "nothing sent while opted out");
    await page.evaluate(() =>
      (window as unknown as Record<string, (off: boolean) => void>).analyticsOptOut(true),
    );
    const title = await page.title();
    await page.locator("main a[href='/']").first().click();
    await page.waitForFunction((before) => document.title !== before, title);
    // A page_view would be forwarded two frames and PAGE_VIEW_DELAY_MS after the route update
    // (the new title comes after it). runFor fires every timer due in that span now, in order,
    // the ones they queue included (a frame of Playwright's clock is 16 ms): when it returns, the
    // page_view's send has run. The probe forwarded next comes after it, so once the probe's
    // request is seen, a page_view would have been too.
    await page.clock.runFor(2 * CLOCK_FRAME_MS + PAGE_VIEW_DELAY_MS);
    await page.evaluate(() => {
      const w = window as unknown as Record<string, (...args: unknown[]) => void>;
      w.analyticsOptOut(false);
      w.gtag("event", "probe_after_navigation");
    });
    await waitFor(
      async () => events(outside, "probe_after_navigation").length === 1,
      "the last probe",
      10_000,
    );
    assert.equal(events(outside, "page_view").length, 0);
    await page.goto("/works");
    await decided(page);
    assert.equal(outside.tags.length, 1, "the tag is not loaded on later pages");
    await context.close();
  });
});

test("a visitor from US: no banner; the tag loads with consent default (granted) sent first", async () => {
  const { page, context, outside } = await newPage(DESKTOP, {}, from("US"));
  await page.goto("/");
  await waitForTag(outside);
  assert.equal(await bannerOf(page).count(), 0);
  assert.equal(outside.tags.length, 1);
  const commands = commandsSent(outside);
  assert.deepEqual(commands[0], consentDefault("granted"));
  assert.equal(commands.filter((c) => c[0] === "consent").length, 1, "no update without a choice");
  await context.close();
});

for (const [name, options] of [
  ["fails", { countryLookup: "abort" }],
  ["never answers", { countryLookup: "hang" }],
] as [string, OutsideOptions][]) {
  test(`the lookup ${name}: the banner is shown and nothing loads`, async () => {
    const { page, context, outside } = await newPage(DESKTOP, {}, options);
    await page.goto("/about");
    await bannerOf(page).waitFor({ timeout: 15_000 });
    assert.equal(outside.lookups.length, 1);
    assert.deepEqual(outside.analytics, []);
    assert.deepEqual(await nothingOfTheTag(page), NOTHING);
    await context.close();
  });
}

describe("the banner on the screen", () => {
  const bannerReady = async (page: Page) => {
    await bannerOf(page).waitFor();
  };
  for (const viewport of [DESKTOP, PHONE]) {
    test(`axe finds nothing with the banner open, at ${viewport.width} px`, async () => {
      // One page of each template (test/harness/samplePages.ts).
      assert.deepEqual(
        await axeProblems(viewport, samplePaths(), { outside: from("DE"), ready: bannerReady }),
        [],
      );
    });
  }

  const overlap = async (a: Locator, b: Locator): Promise<boolean> => {
    const [x, y] = [await a.boundingBox(), await b.boundingBox()];
    assert.ok(x && y, "both are on the screen");
    return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  };

  for (const viewport of [PHONE, PHONE_390]) {
    test(`never hides the mobile menu button or the consultation button, ${viewport.width}x${viewport.height}`, async () => {
      const { page, context } = await newPage(viewport, {}, from("DE"));
      for (const path of ["/", "/services/nlp-solutions", "/works/humm", "/uk"]) {
        await page.goto(path);
        const banner = bannerOf(page);
        await banner.waitFor();
        const menu = page.getByRole("button", { name: "Open menu" });
        const consult = page
          .locator("main")
          .getByRole("link", { name: /consultation/ })
          .first();
        assert.equal(await overlap(banner, menu), false, `${path}: menu button`);
        assert.equal(await overlap(banner, consult), false, `${path}: consultation button`);
        // Fixed: it covers the page rather than pushing it.
        assert.equal(await banner.evaluate((el) => getComputedStyle(el.parentElement!).position), "fixed");
      }
      await context.close();
    });
  }

  test("the banner and the country-site suggestion take turns in the bottom area; on a 390x844 phone neither covers the home hero's buttons", async () => {
    const { page, context } = await newPage(PHONE_390, {}, from("GB"));
    await page.goto("/");
    const banner = bannerOf(page);
    const suggestion = page.getByRole("region", { name: "Country site suggestion" });
    await banner.waitFor();
    assert.equal(await suggestion.count(), 0, "the suggestion waits while the banner is open");
    const heroButtons = page.locator("main h1").locator("..").getByRole("link");
    assert.equal(await heroButtons.count(), 2);
    for (const button of await heroButtons.all()) assert.equal(await overlap(banner, button), false);
    await banner.getByRole("button", { name: copy.reject }).click();
    await suggestion.waitFor();
    for (const button of await heroButtons.all()) assert.equal(await overlap(suggestion, button), false);
    // A later visit: the suggestion alone, on first load.
    await page.reload();
    await suggestion.waitFor();
    for (const button of await heroButtons.all()) assert.equal(await overlap(suggestion, button), false);
    await context.close();
  });
});
