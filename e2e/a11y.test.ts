import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { activeStop, focusIndicatorThickness, undersizedTargets, type TabStop } from "./lib/a11y";
import { closeBrowser, DESKTOP, layOutWhole, newPage, openHydrated, PHONE } from "./lib/browser";
import { NOT_FOUND_PATH } from "./lib/axe";
import { samplePaths } from "../test/harness/samplePages";

after(closeBrowser);

/** Presses Tab and describes where focus went. */
async function tab(page: Page): Promise<TabStop | null> {
  await page.keyboard.press("Tab");
  return activeStop(page);
}

/** Starts a keyboard walk from the top of a freshly loaded page, the pointer out of the way. */
async function fromTheTop(page: Page, path: string): Promise<void> {
  await openHydrated(page, path);
  await page.mouse.move(0, page.viewportSize()!.height - 1);
}

describe("keyboard", () => {
  const HEADER_ORDER = [
    "Copperline Labs home",
    "Let's talk AI",
    "About Us",
    "Services",
    "Industries",
    "Portfolio",
    "Book free consultation",
  ];

  test("at 1280 wide, Tab reaches a visible 'Skip to content' link first, then the navbar in order", async () => {
    const { page, context } = await newPage(DESKTOP);
    for (const path of ["/", "/about", "/services/nlp-solutions"]) {
      await fromTheTop(page, path);
      const skip = await tab(page);
      assert.equal(skip?.name, "Skip to content", `${path}: first Tab stop`);
      assert.ok(skip.inViewport && skip.box.y >= 0, `${path}: the skip link is on screen when focused`);
      const names: string[] = [];
      for (let i = 0; i < HEADER_ORDER.length; i++) names.push((await tab(page))?.name ?? "(body)");
      assert.deepEqual(names, HEADER_ORDER, path);
    }
    await context.close();
  });

  test("at 375 wide, the skip link, the logo and the menu button come first", async () => {
    const { page, context } = await newPage(PHONE);
    await fromTheTop(page, "/about");
    const names: string[] = [];
    for (let i = 0; i < 3; i++) names.push((await tab(page))?.name ?? "(body)");
    assert.deepEqual(names, ["Skip to content", "Copperline Labs home", "Open menu"]);
    await context.close();
  });

  test("activating the skip link moves focus to main, and the next Tab stays in main", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await newPage(viewport);
      for (const path of ["/", "/works/humm"]) {
        await fromTheTop(page, path);
        assert.equal((await tab(page))?.name, "Skip to content");
        await page.keyboard.press("Enter");
        await page.waitForFunction(() => document.activeElement?.id === "main");
        await page.keyboard.press("Tab");
        assert.ok(
          await page.evaluate(() => document.activeElement?.closest("main") !== null),
          `${path} @${viewport.width}: the Tab after the skip link lands in main`,
        );
      }
      await context.close();
    }
  });
});

describe("focus indicator", () => {
  /** A ring as visible as a solid 2px line of 3:1 contrast all round (the global one is 3px). */
  const MIN_THICKNESS = 2;
  const PAGES: [typeof DESKTOP, string][] = [
    [DESKTOP, "/"],
    [DESKTOP, "/about"],
    [DESKTOP, "/services/nlp-solutions"],
    [DESKTOP, "/works"],
    [DESKTOP, NOT_FOUND_PATH],
    [PHONE, "/"],
    [PHONE, "/works/humm"],
  ];
  /** Tab stops from the top of each page (the header and well into main), in the footer, and back. */
  const FROM_TOP = 30;
  const IN_FOOTER = 12;
  const BACK_FROM_FOOTER = 20;

  test("every Tab stop through the header, the page and the footer is on screen, not covered, with a visible focus indicator", async () => {
    const problems: string[] = [];
    const seen: string[] = [];
    const check = async (page: Page, label: string) => {
      const stop = await activeStop(page);
      if (!stop) return false;
      if (!stop.inViewport || stop.obscured) {
        problems.push(
          `${label}: ${stop.describe} is focused ${stop.obscured ? "under something" : "off screen"}`,
        );
        return true;
      }
      if (!stop.focusVisible) problems.push(`${label}: ${stop.describe} does not match :focus-visible`);
      const thickness = await focusIndicatorThickness(page);
      seen.push(`${label}: ${stop.describe} ${thickness.toFixed(2)}`);
      if (thickness < MIN_THICKNESS)
        problems.push(
          `${label}: ${stop.describe} focus ring ${thickness.toFixed(2)} px (want ${MIN_THICKNESS})`,
        );
      return true;
    };
    for (const [viewport, path] of PAGES) {
      const { page, context } = await newPage(viewport);
      const label = `${path} @${viewport.width}`;
      await fromTheTop(page, path);
      for (let i = 0; i < FROM_TOP; i++) {
        await page.keyboard.press("Tab");
        if (!(await check(page, label))) break;
      }
      await page.locator("footer a").first().focus();
      await check(page, label);
      for (let i = 1; i < IN_FOOTER; i++) {
        await page.keyboard.press("Tab");
        if (!(await check(page, label))) break;
      }
      // Backwards from the footer into the page: elements come into view from above, where
      // the fixed navbar is.
      await page.locator("footer a").first().focus();
      for (let i = 0; i < BACK_FROM_FOOTER; i++) {
        await page.keyboard.press("Shift+Tab");
        if (!(await check(page, `${label} (Shift+Tab)`))) break;
      }
      await context.close();
    }
    // The mobile menu is a white dialog inside the navbar, which is transparent over the hero.
    const { page, context } = await newPage(PHONE);
    await fromTheTop(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).waitFor();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      await check(page, "/ @375 mobile menu");
    }
    await context.close();
    if (process.env.E2E_VERBOSE) console.log(seen.join("\n"));
    assert.ok(seen.length > 200, `only ${seen.length} Tab stops were measured`);
    assert.deepEqual(problems, []);
  });
});

describe("tap targets at 375 wide", () => {
  /** One page of each template (test/harness/samplePages.ts), and the 404 page, a template of its own. */
  const SAMPLE = [...samplePaths(), NOT_FOUND_PATH];

  test("every visible link, button and field is at least 24x24 or spaced apart (WCAG 2.5.8)", async () => {
    const { page, context } = await newPage(PHONE);
    const problems: string[] = [];
    const report = (label: string, found: Awaited<ReturnType<typeof undersizedTargets>>) => {
      if (found.checked < 5) problems.push(`${label}: only ${found.checked} targets found`);
      for (const t of found.problems) problems.push(`${label}: ${t.describe} ${t.width}x${t.height}`);
    };
    for (const path of SAMPLE) {
      await openHydrated(page, path);
      await layOutWhole(page);
      report(path, await undersizedTargets(page));
    }
    // The footer columns open, their extra links shown.
    await openHydrated(page, "/about");
    await layOutWhole(page);
    for (const toggle of await page.locator("footer h2 button").all()) await toggle.click();
    const more = page.locator("footer").getByRole("button", { name: "More..." });
    while ((await more.count()) > 0) await more.first().click();
    report("/about, footer open", await undersizedTargets(page, "footer"));
    // The mobile menu, at its top level and drilled into a list.
    await openHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    report("mobile menu", await undersizedTargets(page, "dialog[open]"));
    await menu.getByRole("button", { name: "Services" }).click();
    await menu.getByRole("button", { name: "AI Development" }).click();
    await menu.getByRole("heading", { name: "AI Development" }).waitFor();
    report("mobile menu, AI Development", await undersizedTargets(page, "dialog[open]"));
    await context.close();
    assert.deepEqual(problems, []);
  });
});
