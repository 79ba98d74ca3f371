import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { closeBrowser, newPage } from "./lib/browser";
import { staticHtml } from "./lib/html";
import type { OutsideOptions } from "./lib/outside";
import { until } from "./lib/wait";

/**
 * Phones (issue 27, part 3): the menu button before hydration and without JavaScript, and the
 * consent banner's size and what it may cover (WCAG 2.2, 2.4.11 Focus Not Obscured).
 */

after(closeBrowser);

/** The phone the issue names: 375 x 667, a touch screen. */
const PHONE_SE = { width: 375, height: 667 };
const TOUCH = { hasTouch: true, isMobile: true };

const site = routeTable().site;
const fromDE: OutsideOptions = {
  countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.1", country: "DE" }) },
};

const menuOf = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === "true");

describe("the menu button before hydration and without JavaScript", () => {
  test("the static HTML holds the menu's first level, named by the button that opens it", async () => {
    const html = await staticHtml("/about");
    const button = /<button[^>]*aria-label="Open menu"[^>]*>/.exec(html)?.[0] ?? "";
    assert.match(button, /command="show-modal"/);
    const target = /commandfor="([^"]+)"/.exec(button)?.[1];
    assert.ok(target, "the button names the dialog it opens");
    const dialog = new RegExp(`<dialog[^>]*id="${target}"[^>]*>([\\s\\S]*?)</dialog>`).exec(html)?.[1] ?? "";
    for (const text of [
      "About Us",
      "Services",
      "Industries",
      "Portfolio",
      site.phone,
      "Book free consultation",
    ]) {
      assert.ok(dialog.includes(text), `the dialog's static HTML has ${text}`);
    }
    assert.match(dialog, /href="\/services\/nlp-solutions"/);
    assert.match(dialog, /href="\/industries\/ai-in-finance"/);
  });

  test("with JavaScript off, the button opens the menu: Services open in place, a link leads to its page, Close and Escape close it", async () => {
    const { page, context } = await newPage(
      { width: 375, height: 667 },
      { ...TOUCH, javaScriptEnabled: false },
    );
    await page.goto("/about");
    const open = page.getByRole("button", { name: "Open menu" });
    await open.tap();
    const menu = menuOf(page);
    await menu.waitFor({ state: "visible" });
    assert.ok(await menu.getByRole("link", { name: "About Us" }).isVisible());
    assert.ok(await menu.getByRole("link", { name: "Portfolio" }).isVisible());
    assert.equal(
      await menu.getByRole("link", { name: site.phone }).getAttribute("href"),
      `tel:${site.phone.replace(/[^+\d]/g, "")}`,
    );
    // The page behind does not scroll while it is open.
    assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).overflow), "hidden");

    await menu.getByRole("button", { name: "Close menu" }).tap();
    await menu.waitFor({ state: "hidden" });
    await open.tap();
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });

    await open.tap();
    // What a screen reader reads: the drill-down arrows and separators are drawn, never read
    // ("Services ›" was WebKit's name for the Services button before the menu hydrated).
    assert.doesNotMatch(await menu.ariaSnapshot(), /›/);
    await menu.locator("summary", { hasText: "Services" }).tap();
    await menu.locator("summary", { hasText: "AI Development" }).tap();
    const nlp = menu.getByRole("link", { name: "NLP Solutions" });
    await nlp.waitFor({ state: "visible" });
    await nlp.tap();
    await page.waitForURL("**/services/nlp-solutions");
    assert.ok(await page.locator("h1").isVisible());
    await context.close();
  });

  test("a tap before hydration on a 4x slower CPU opens the menu; once hydrated it is the drill-down modal", async () => {
    const { page, context } = await newPage({ width: 375, height: 667 }, TOUCH);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    // The page's scripts wait until the tap is made, so it lands before hydration on any machine.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/[\w-]+-[0-9a-f]{20}\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/works/humm", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open menu" }).tap();
    const menu = menuOf(page);
    await menu.waitFor({ state: "visible" });
    assert.equal(await hydrated(page), false, "the tap was handled before hydration");
    assert.ok(await menu.getByRole("link", { name: "About Us" }).isVisible());

    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
      timeout: 60_000,
    });
    // React took the open menu over: the drill-down, still open, at its first level.
    await menu.getByRole("button", { name: "Services" }).tap();
    await menu.getByRole("heading", { name: "Services" }).waitFor();
    await menu.getByRole("button", { name: "AI Development" }).tap();
    await menu.getByRole("link", { name: "NLP Solutions" }).waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Open menu");
    // And the button opens it again, now through React.
    await page.getByRole("button", { name: "Open menu" }).tap();
    await menu.getByRole("heading", { name: "Menu" }).waitFor();
    await menu.getByRole("button", { name: "Industries" }).waitFor();
    assert.equal(await menu.getByRole("button", { name: "Industries" }).count(), 1);
    await context.close();
  });
});

/** The element's box and the banner's overlap (both in viewport coordinates). */
function overlaps(
  a: DOMRect | { x: number; y: number; width: number; height: number },
  b: typeof a,
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const bannerOf = (page: Page): Locator => page.getByRole("region", { name: site.consentBanner.heading });

describe("the consent banner on a 375x667 phone", () => {
  test("takes at most a fifth of the screen", async () => {
    const { page, context } = await newPage(PHONE_SE, TOUCH, fromDE);
    await page.goto("/");
    const banner = bannerOf(page);
    await banner.waitFor();
    const box = (await banner.boundingBox())!;
    const screen = PHONE_SE.width * PHONE_SE.height;
    assert.ok(
      box.height <= PHONE_SE.height / 5,
      `banner ${Math.round(box.height)} px high > ${PHONE_SE.height / 5}`,
    );
    assert.ok(
      box.width * box.height <= screen / 5,
      `banner ${Math.round((box.width * box.height * 100) / screen)}% of the screen`,
    );
    await context.close();
  });

  test("Tab through every focusable element of each template: the banner covers none of them", async () => {
    const problems: string[] = [];
    const { page, context } = await newPage(PHONE_SE, TOUCH, fromDE);
    // One page of each template (test/harness/samplePages.ts).
    for (const path of samplePaths()) {
      await page.goto(path);
      const banner = bannerOf(page);
      await banner.waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const seen = new Set<string>();
      let stops = 0;
      for (let i = 0; i < 600; i++) {
        await page.keyboard.press("Tab");
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const banner = document.querySelector("[data-consent-banner]");
          const r = el.getBoundingClientRect();
          const b = banner?.getBoundingClientRect();
          const path: string[] = [];
          for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
            path.unshift(`${n.tagName}:${Array.prototype.indexOf.call(n.parentElement?.children ?? [], n)}`);
          }
          return {
            key: path.join("/"),
            label: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
            inBanner: Boolean(banner?.contains(el)),
            rect: { x: r.x, y: r.y, width: r.width, height: r.height },
            banner: b ? { x: b.x, y: b.y, width: b.width, height: b.height } : null,
            rendered: r.width > 0 && r.height > 0,
          };
        });
        if (!stop) continue;
        if (seen.has(stop.key)) break; // back at the start: every element has had focus
        seen.add(stop.key);
        stops++;
        assert.ok(stop.banner, `${path}: the banner is still shown`);
        if (!stop.inBanner && stop.rendered && overlaps(stop.rect, stop.banner)) {
          problems.push(
            `${path}: ${stop.label} at y ${Math.round(stop.rect.y)}-${Math.round(stop.rect.y + stop.rect.height)} under the banner from y ${Math.round(stop.banner.y)}`,
          );
        }
      }
      assert.ok(stops > 10, `${path}: ${stops} focus stops`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("/contact: a submitted empty form's error summary, and every field it links to, stay in view above the banner", async () => {
    const { page, context } = await newPage(PHONE_SE, TOUCH, fromDE);
    await page.goto("/contact");
    const banner = bannerOf(page);
    await banner.waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.locator("main form");
    await form.getByRole("button", { name: "Book my free consultation" }).click();
    const summary = form.getByRole("alert");
    await summary.getByRole("heading", { name: "There is a problem with your request" }).waitFor();
    const visibleAboveBanner = async (what: Locator, name: string) => {
      const [box, bannerBox] = [(await what.boundingBox())!, (await banner.boundingBox())!];
      assert.ok(
        box.y >= 0 && box.y + box.height <= PHONE_SE.height,
        `${name} is on the screen (y ${Math.round(box.y)})`,
      );
      assert.equal(overlaps(box, bannerBox), false, `${name} is not under the banner`);
    };
    await until(summary, ([el]) => el === document.activeElement);
    await visibleAboveBanner(summary.getByRole("heading"), "the summary's heading");
    const links = summary.getByRole("link");
    const count = await links.count();
    assert.ok(count >= 3, `${count} errors listed`);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      const name = (await link.innerText()).trim();
      const target = (await link.getAttribute("href"))!;
      await link.scrollIntoViewIfNeeded();
      await link.tap();
      const field = page.locator(target);
      await until(field, ([el]) => el === document.activeElement);
      await visibleAboveBanner(field, `the field for "${name}"`);
    }
    await context.close();
  });
});
