import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { Page } from "playwright-core";
import {
  baseUrl,
  closeBrowser,
  DESKTOP,
  newPage,
  open,
  openHydrated,
  PHONE,
  recordScripts,
  scriptLoaded,
} from "./lib/browser";
import { routeTable } from "../test/harness/routes";
import { samplePages } from "../test/harness/samplePages";
import { chunkFiles, staticHtml, tags } from "./lib/html";
import { uniqueEmail } from "./lib/outbox";
import { nextFrames, until } from "./lib/wait";
import { axeOn } from "./lib/axe";

after(closeBrowser);

const { routes } = routeTable();
const TRANSPARENT = "rgba(0, 0, 0, 0)";
const WHITE = "rgb(255, 255, 255)";

const navbarColour = (page: Page) =>
  page
    .locator("header")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

async function expectColour(page: Page, colour: string, what: string) {
  await until(
    page.locator("header").first(),
    ([header, expected]) => getComputedStyle(header).backgroundColor === expected,
    colour,
  ).catch(async (error: Error) => {
    throw new Error(`${what}: navbar ${await navbarColour(page)}, not ${colour} (${error.message})`);
  });
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForFunction((top) => window.scrollY === top, y);
}

async function axe(page: Page, label: string) {
  const result = await axeOn(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  assert.deepEqual(
    result.violations.map((v) => `${label}: ${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    [],
  );
}

describe("navbar colour", () => {
  test("on / it is transparent at scroll 0 and 74, white at 75", async () => {
    const { page, context } = await newPage();
    await open(page, "/");
    // Leave the pointer away from the navbar.
    await page.mouse.move(600, 700);
    await expectColour(page, TRANSPARENT, "scroll 0");
    await scrollTo(page, 74);
    await expectColour(page, TRANSPARENT, "scroll 74");
    await scrollTo(page, 75);
    await expectColour(page, WHITE, "scroll 75");
    await scrollTo(page, 0);
    await expectColour(page, TRANSPARENT, "back at the top");
    await context.close();
  });

  test("every always-white template's page is white at scroll 0, with and without a trailing slash", async () => {
    const { page, context } = await newPage();
    // The colour comes from the route's flag in the route table: a page of each template that
    // has it (test/harness/samplePages.ts), under both of its addresses.
    const white = samplePages().filter((p) => p.route.solidNavbar && p.route.layout);
    assert.ok(white.length >= 8);
    for (const { path } of white) {
      for (const address of [path, `${path}/`]) {
        await open(page, address);
        assert.equal(await navbarColour(page), WHITE, address);
      }
    }
    await context.close();
  });

  test("the home and 404 pages start transparent", async () => {
    const { page, context } = await newPage();
    await page.mouse.move(600, 700);
    for (const path of ["/", "/no-such-page"]) {
      await open(page, path);
      assert.equal(await navbarColour(page), TRANSPARENT, path);
    }
    await context.close();
  });

  test("hovering a menu item turns it white; leaving reverts only under 75px", async () => {
    const { page, context } = await newPage();
    await open(page, "/");
    await page.locator("header").getByRole("link", { name: "About Us" }).hover();
    await expectColour(page, WHITE, "hovering About Us");
    await page.mouse.move(600, 700);
    await expectColour(page, TRANSPARENT, "after leaving at the top");
    await scrollTo(page, 200);
    await page.locator("header").getByRole("link", { name: "About Us" }).hover();
    await page.mouse.move(600, 700);
    await expectColour(page, WHITE, "after leaving when scrolled");
    await context.close();
  });
});

describe("mega menus (desktop)", () => {
  const panel = (page: Page, key: string) => page.locator(`#mega-${key}`);

  test("nothing is open by default; hover opens, Portfolio closes, leaving the navbar closes", async () => {
    const { page, context } = await newPage();
    await open(page, "/");
    assert.equal(await panel(page, "services").isVisible(), false);
    assert.equal(await panel(page, "industries").isVisible(), false);
    await page.getByRole("button", { name: "Services" }).hover();
    await panel(page, "services").waitFor({ state: "visible" });
    assert.equal(await page.getByRole("button", { name: "Services" }).getAttribute("aria-expanded"), "true");
    await page.getByRole("button", { name: "Industries" }).hover();
    await panel(page, "industries").waitFor({ state: "visible" });
    assert.equal(await panel(page, "services").isVisible(), false);
    await page.locator("header").getByRole("link", { name: "Portfolio", exact: true }).hover();
    await panel(page, "industries").waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Services" }).hover();
    await panel(page, "services").waitFor({ state: "visible" });
    await page.mouse.move(600, 790);
    await panel(page, "services").waitFor({ state: "hidden" });
    await context.close();
  });

  test("a click on a trigger the pointer rests on keeps its menu open; the next click closes it", async () => {
    // The pointer reaches the button before the click: the hover opens the menu first, and the
    // click must not then close what the visitor meant to open.
    const { page, context } = await newPage();
    await open(page, "/about");
    const services = page.getByRole("button", { name: "Services" });
    await services.hover();
    await panel(page, "services").waitFor({ state: "visible" });
    await services.click();
    await nextFrames(page);
    assert.equal(await panel(page, "services").isVisible(), true, "still open after the click");
    assert.equal(await services.getAttribute("aria-expanded"), "true");
    await services.click();
    await panel(page, "services").waitFor({ state: "hidden" });
    // Two quick clicks on arrival (inside the hover's delay) leave it closed after the delay too.
    await page.mouse.move(600, 790);
    await page.getByRole("button", { name: "Industries" }).dblclick();
    await page.waitForTimeout(400);
    assert.equal(await panel(page, "industries").isVisible(), false, "closed after two clicks");
    await context.close();
  });

  test("a mega-menu link navigates without a full page load and closes the menu", async () => {
    const { page, context } = await newPage();
    await open(page, "/");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await page.getByRole("button", { name: "Industries" }).click();
    await panel(page, "industries").getByRole("link").first().click();
    await page.waitForURL(/\/industries\//);
    await panel(page, "industries").waitFor({ state: "hidden" });
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: string }).marker),
      "same document",
    );
    await context.close();
  });

  test("a click outside closes the open menu", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    await page.getByRole("button", { name: "Industries" }).click();
    await panel(page, "industries").waitFor({ state: "visible" });
    // Move inside the navbar's open panel first, then click the page below it.
    await page.mouse.click(640, 780);
    await panel(page, "industries").waitFor({ state: "hidden" });
    await context.close();
  });

  test("keyboard: Enter and Space toggle, Escape closes and returns focus; no role=menu", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    const services = page.getByRole("button", { name: "Services" });
    assert.equal(await services.getAttribute("aria-controls"), "mega-services");
    await services.focus();
    await page.keyboard.press("Enter");
    await panel(page, "services").waitFor({ state: "visible" });
    await page.keyboard.press(" ");
    await panel(page, "services").waitFor({ state: "hidden" });
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest("#mega-services") !== null),
      true,
      "Tab moves into the open panel",
    );
    await page.keyboard.press("Escape");
    await panel(page, "services").waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Services");
    assert.equal(await page.locator('[role="menu"], [role="menuitem"]').count(), 0);
    await context.close();
  });

  test("the static HTML holds every service and industry link, in the spec's columns", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const servicesPanel = html.slice(
      html.indexOf('id="mega-services"'),
      html.indexOf('id="mega-industries"'),
    );
    const industriesPanel = html.slice(html.indexOf('id="mega-industries"'));
    const services = routes.filter((r) => r.kind === "service");
    const industries = routes.filter((r) => r.kind === "industry");
    assert.equal(services.length, 21);
    assert.equal(industries.length, 33);
    for (const r of services) assert.ok(servicesPanel.includes(`href="${r.path}"`), r.path);
    for (const r of industries) assert.ok(industriesPanel.includes(`href="${r.path}"`), r.path);

    const { page, context } = await newPage();
    await open(page, "/");
    const groupsPerColumn = await panel(page, "services").evaluate((el) =>
      [...el.firstElementChild!.children].map((col) => col.querySelectorAll("ul").length),
    );
    assert.deepEqual(groupsPerColumn, [1, 1, 2, 2]);
    const industryColumns = await panel(page, "industries").evaluate((el) =>
      [...el.children].map((section) =>
        [...section.lastElementChild!.children].map((c) => c.querySelectorAll("a").length),
      ),
    );
    assert.deepEqual(industryColumns, [
      [6, 6, 6, 3],
      [3, 3, 3, 3],
    ]);
    await context.close();
  });

  test("axe finds no violations with a mega menu open", async () => {
    const { page, context } = await newPage();
    await open(page, "/");
    await page.getByRole("button", { name: "Services" }).click();
    await panel(page, "services").waitFor({ state: "visible" });
    await axe(page, "services menu open");
    await context.close();
  });
});

describe("responsive navbar", () => {
  test("the consultation link shows from 768px wide and hides at 767px", async () => {
    for (const [width, visible] of [
      [767, false],
      [768, true],
      [1280, true],
    ] as const) {
      const { page, context } = await newPage({ width, height: 800 });
      await open(page, "/about");
      const link = page.locator("header").getByRole("link", { name: "Book free consultation" });
      assert.equal(await link.isVisible(), visible, `${width}px`);
      if (visible) assert.equal(await link.getAttribute("href"), "/contact");
      await context.close();
    }
  });

  test("full items from 900px, a hamburger below", async () => {
    for (const [width, full] of [
      [899, false],
      [900, true],
    ] as const) {
      const { page, context } = await newPage({ width, height: 800 });
      await open(page, "/about");
      assert.equal(
        await page.getByRole("button", { name: "Services" }).isVisible(),
        full,
        `${width}px items`,
      );
      assert.equal(
        await page.getByRole("button", { name: "Open menu" }).isVisible(),
        !full,
        `${width}px hamburger`,
      );
      await context.close();
    }
  });

  test("on phones the header is not cramped: labels on one line, the logo full size, nothing overlaps", async () => {
    for (const width of [320, 375]) {
      const { page, context } = await newPage({ width, height: 800 });
      for (const path of ["/about", "/", "/new-home"]) {
        await openHydrated(page, path);
        const label = `${path} at ${width}px`;
        const boxes = await page
          .locator("header")
          .first()
          .evaluate((header) =>
            [...header.querySelectorAll<HTMLElement>("a, button")]
              .filter((el) => el.checkVisibility() && el.getClientRects().length > 0 && !el.closest("dialog"))
              .map((el) => {
                const r = el.getBoundingClientRect();
                return {
                  name: el.getAttribute("aria-label") ?? el.innerText,
                  x: r.x,
                  y: r.y,
                  w: r.width,
                  h: r.height,
                };
              }),
          );
        assert.ok(boxes.length >= 1, `${label}: no header controls`);
        for (const b of boxes) {
          assert.ok(b.h <= 48, `${label}: "${b.name}" is ${b.h}px tall (its label wraps)`);
          assert.ok(b.x >= 0 && b.x + b.w <= width, `${label}: "${b.name}" runs off the screen`);
        }
        for (const a of boxes)
          for (const b of boxes)
            if (a !== b)
              assert.ok(
                a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y,
                `${label}: "${a.name}" overlaps "${b.name}"`,
              );
        const mark = await page
          .locator("header")
          .first()
          .getByRole("link", { name: "Copperline Labs home" })
          .locator("svg")
          .boundingBox();
        assert.equal(mark?.width, 32, `${label}: logo mark width`);
        if (path === "/new-home")
          assert.equal(
            await page
              .getByRole("link", { name: "Book free consultation" })
              .and(page.locator(":visible"))
              .count(),
            1,
            `${label}: the consultation link, under the hero's lead`,
          );
      }
      await context.close();
    }
  });

  test("logo links home, and the top links go where the spec says", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    const header = page.locator("header");
    assert.equal(await header.getByRole("link", { name: "Copperline Labs home" }).getAttribute("href"), "/");
    assert.equal(await header.getByRole("link", { name: "Let's talk AI" }).getAttribute("href"), "/#a");
    assert.equal(await header.getByRole("link", { name: "About Us" }).getAttribute("href"), "/about");
    assert.equal(await header.getByRole("link", { name: "Portfolio" }).getAttribute("href"), "/works");
    await context.close();
  });
});

describe("mobile menu (phone)", () => {
  const dialog = (page: Page) => page.getByRole("dialog", { name: "Menu" });

  test("drills down through Services, back Home, into Industries and Portfolio", async () => {
    const { page, context } = await newPage(PHONE);
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = dialog(page);
    await menu.waitFor({ state: "visible" });
    const box = (await menu.boundingBox())!;
    assert.ok(box.width <= PHONE.width * 0.85 + 0.5, `panel width ${box.width}`);
    // The browser shows the menu at the tap; React's drill-down follows once that frame is
    // painted (src/layout/Navbar), its Portfolio a level of its own.
    await menu.getByRole("button", { name: "Portfolio" }).waitFor();
    for (const name of ["Services", "Industries", "Portfolio"]) {
      assert.equal(await menu.getByRole("button", { name }).count(), 1, name);
    }
    assert.equal(await menu.getByRole("link", { name: "About Us" }).count(), 1);
    assert.equal(
      await menu.getByRole("link", { name: "+44 20 7946 0321" }).getAttribute("href"),
      "tel:+442079460321",
    );
    assert.equal(await menu.getByRole("link", { name: /on LinkedIn/ }).count(), 1);
    assert.equal(await menu.getByRole("link", { name: /on Instagram/ }).count(), 1);
    assert.equal(await menu.getByRole("link", { name: "Book free consultation" }).count(), 1);

    await menu.getByRole("button", { name: "Services" }).click();
    await menu.getByRole("heading", { name: "Services" }).waitFor();
    await menu.getByRole("button", { name: "AI Development" }).click();
    await menu.getByRole("heading", { name: "AI Development" }).waitFor();
    assert.equal(await menu.getByRole("link", { name: "NLP Solutions" }).count(), 1);
    await menu.getByRole("button", { name: "Home" }).click();
    await menu.getByRole("heading", { name: "Menu" }).waitFor();

    await menu.getByRole("button", { name: "Industries" }).click();
    assert.equal(await menu.locator("ul a[href^='/industries/']").count(), 33);
    await menu.getByRole("button", { name: "Home" }).click();
    await menu.getByRole("button", { name: "Portfolio" }).click();
    assert.equal(await menu.locator("ul a[href^='/works/']").count(), 39);
    await context.close();
  });

  test("choosing a link navigates and closes the menu", async () => {
    const { page, context } = await newPage(PHONE);
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = dialog(page);
    await menu.getByRole("button", { name: "Services" }).click();
    await menu.getByRole("button", { name: "Mobile Apps" }).click();
    await menu.getByRole("link", { name: "React Native App Development" }).click();
    await page.waitForURL("**/services/react-native-development");
    await menu.waitFor({ state: "hidden" });
    // The router renders the new page a frame after the URL changes.
    await page.locator("h1", { hasText: /React Native/i }).waitFor();
    await context.close();
  });

  test("the backdrop and Escape close it; focus returns to the hamburger; focus stays inside; the page does not scroll", async () => {
    const { page, context } = await newPage(PHONE);
    await open(page, "/about");
    const hamburger = page.getByRole("button", { name: "Open menu" });
    await hamburger.click();
    await dialog(page).waitFor({ state: "visible" });
    await page.mouse.click(PHONE.width - 10, 400);
    await dialog(page).waitFor({ state: "hidden" });

    await hamburger.click();
    await dialog(page).waitFor({ state: "visible" });
    // The dialog opens a frame before its levels render; a visitor tabs once they see the menu.
    // (A Tab in that frame, with nothing focusable in the dialog yet, left it: a CI flake.)
    await dialog(page).getByRole("heading", { name: "Menu" }).waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(() => document.activeElement?.closest("dialog") !== null);
      assert.ok(inside, `focus left the menu after ${i + 1} Tab presses`);
    }
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(PHONE.width - 10, 400);
    await page.mouse.wheel(0, 800);
    await nextFrames(page);
    assert.equal(await page.evaluate(() => window.scrollY), before, "the page behind scrolled");
    await page.keyboard.press("Escape");
    await dialog(page).waitFor({ state: "hidden" });
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Open menu");
    await context.close();
  });

  test("axe finds no violations with the mobile menu open", async () => {
    const { page, context } = await newPage(PHONE);
    await open(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await dialog(page).waitFor({ state: "visible" });
    await axe(page, "mobile menu open");
    await context.close();
  });
});

describe("footer", () => {
  const column = (page: Page, name: string) => page.locator("footer").getByRole("navigation", { name });

  test("logo, three social links, the five columns and the sitemap link", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    const footer = page.locator("footer");
    assert.equal(await footer.getByRole("link", { name: "Copperline Labs home" }).count(), 1);
    for (const name of [/on LinkedIn/, /on Instagram/, /on GitHub/]) {
      assert.equal(await footer.getByRole("link", { name }).count(), 1);
    }
    for (const name of ["About", "Services", "Industries", "Portfolio", "Resources"]) {
      assert.equal(await column(page, name).count(), 1, name);
    }
    assert.equal(
      await column(page, "Resources").getByRole("link", { name: "Sitemap" }).getAttribute("href"),
      "/sitemap-0.xml",
    );
    await context.close();
  });

  test("a footer link navigates without a full page load", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    // A full page load would wipe this marker; client-side navigation keeps it.
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    const about = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await column(page, "Services").getByRole("link").first().click();
    await page.waitForURL(/\/services\//);
    // The address changes first; the new page follows once its render (a transition) commits.
    await page.getByRole("heading", { level: 1 }).filter({ hasNotText: about }).waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { marker?: string }).marker),
      "same document",
    );
    // A screen reader hears where the visitor arrived, the page's heading (Gatsby's live region),
    // which no one sees.
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    const announcer = page.locator("[aria-live=assertive]").filter({ hasText: "Navigated to" });
    await announcer.waitFor({ state: "attached" });
    assert.equal(await announcer.textContent(), `Navigated to ${heading}`);
    const box = await announcer.boundingBox();
    assert.ok(box && box.width <= 1 && box.height <= 1, `the announcement is seen: ${JSON.stringify(box)}`);
    await context.close();
  });

  test("a footer link followed while the page is still starting up shows the new page, without errors", async () => {
    const { page, context } = await newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // Hold back /about's template chunk, so React cannot start on the page until the link is followed.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/component---src-templates-page-tsx-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    // Gatsby has started (its navigate exists, gatsby-plugin-catch-links listens); React has not.
    await page.waitForFunction(() => typeof window.___navigate === "function");
    await column(page, "Services").getByRole("link", { name: "NLP Solutions" }).click();
    release();
    await page.waitForURL("**/services/nlp-solutions");
    await page.getByRole("heading", { level: 1, name: /natural language processing/i }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    assert.equal(await page.getByRole("heading", { level: 1 }).count(), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("More... reveals the rest and then reads Less", async () => {
    const { page, context } = await newPage();
    await open(page, "/about");
    for (const [name, shown, total] of [
      ["Services", 8, 21],
      ["Industries", 8, 33],
      ["Portfolio", 6, 40],
    ] as const) {
      const col = column(page, name);
      const visibleLinks = () => col.locator("a:visible").count();
      assert.equal(await visibleLinks(), shown, `${name} before`);
      const more = col.getByRole("button", { name: "More..." });
      assert.equal(await more.getAttribute("aria-expanded"), "false");
      await more.click();
      assert.equal(await visibleLinks(), total, `${name} after More`);
      const less = col.getByRole("button", { name: "Less" });
      assert.equal(await less.getAttribute("aria-expanded"), "true");
      await less.click();
      assert.equal(await visibleLinks(), shown, `${name} after Less`);
    }
    await context.close();
  });

  test("at 480px and narrower each column collapses behind a plus/minus toggle; wider, no toggle", async () => {
    const { page, context } = await newPage({ width: 480, height: 800 });
    await open(page, "/about");
    const toggle = page.locator("footer").getByRole("button", { name: "Services" });
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await toggle.locator("svg").getAttribute("data-icon"), "plus");
    assert.equal(await column(page, "Services").locator("a:visible").count(), 0);
    await toggle.click();
    assert.equal(await toggle.getAttribute("aria-expanded"), "true");
    assert.equal(await toggle.locator("svg").getAttribute("data-icon"), "minus");
    assert.equal(await column(page, "Services").locator("a:visible").count(), 8);
    await context.close();

    const wide = await newPage({ width: 481, height: 800 });
    await open(wide.page, "/about");
    // Reached, as a visitor reaches it: the footer is laid out only near the viewport, at every
    // width (content-visibility: auto, src/styles/globalCss.ts).
    await wide.page.locator("footer").scrollIntoViewIfNeeded();
    await nextFrames(wide.page);
    assert.equal(await wide.page.locator("footer").getByRole("button", { name: "Services" }).count(), 0);
    assert.equal(
      await wide.page
        .locator("footer")
        .getByRole("navigation", { name: "Services" })
        .locator("a:visible")
        .count(),
      8,
    );
    await wide.context.close();
  });
});

describe("consultation modal", () => {
  test("opens from a page button, its code fetched once the page is idle; Escape closes it and focus returns to the button", async () => {
    const { page, context } = await newPage();
    const modalText = "Thirty minutes with a senior engineer";
    const modalCode = scriptLoaded(page, modalText);
    // Not in the page's first load: the static HTML neither holds the modal nor loads its code.
    const html = await staticHtml("/services/nlp-solutions");
    assert.ok(!html.includes(modalText), "the modal is in the static HTML");
    const loaded = [...tags(html, "script").map((t) => t.src), ...tags(html, "link").map((t) => t.href)];
    for (const file of chunkFiles("consultation-modal"))
      assert.ok(!loaded.includes(file), `${file} is in the first load`);
    await page.goto("/services/nlp-solutions", { waitUntil: "networkidle" });
    // Fetched at idle and rendered closed: nothing on screen or in the accessibility tree.
    await modalCode;
    const modal = page.getByRole("dialog", { name: "Book a free consultation" });
    assert.equal(await modal.count(), 0, "a closed modal is exposed");
    assert.equal(await page.getByText(modalText).isVisible(), false, "a closed modal is on screen");
    const button = page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first();
    await button.click();
    await modal.waitFor({ state: "visible" });
    assert.equal(page.url(), `${baseUrl()}/services/nlp-solutions`, "the link did not navigate");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      assert.ok(
        await page.evaluate(() => document.activeElement?.closest("dialog") !== null),
        "focus left the modal",
      );
    }
    await axe(page, "modal open");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "hidden" });
    await page.waitForFunction(() => document.activeElement?.textContent === "Get a free consultation");
    await button.click();
    await modal.waitFor({ state: "visible" });
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "hidden" });
    await context.close();
  });
});

describe("toast area", () => {
  test("every layout page's static HTML has one empty polite toast area, /new-home none", async () => {
    for (const route of routes) {
      const html = await staticHtml(route.path);
      const areas = html.match(/<div[^>]*data-toast-area="page"[^>]*>/g) ?? [];
      if (route.path === "/new-home") {
        assert.equal(areas.length, 0, route.path);
        continue;
      }
      assert.equal(areas.length, 1, route.path);
      assert.match(areas[0], /aria-live="polite"/, route.path);
      assert.match(html, /<div[^>]*data-toast-area="page"[^>]*><\/div>/, `${route.path}: empty`);
    }
  });

  test("a toast is announced: it arrives in the live region the page already had, without react-toastify in the first load", async () => {
    const { page, context } = await newPage();
    const scripts = recordScripts(page);
    await open(page, "/contact");
    await page.waitForLoadState("networkidle");
    const marker = "Toastify__toast-container";
    assert.equal(
      (await scripts()).some((s) => s.includes(marker)),
      false,
      "react-toastify in the first load",
    );
    // The area the static HTML had, marked now, before any message.
    const area = page.locator("[data-toast-area='page']");
    assert.equal(await area.getAttribute("aria-live"), "polite");
    assert.equal(await area.innerHTML(), "");
    await area.evaluate((el) => ((el as HTMLElement & { seenBefore?: boolean }).seenBefore = true));

    const form = page.locator("main form");
    const submit = form.getByRole("button", { name: "Book my free consultation" });
    await until(submit, ([button]: [HTMLButtonElement, null]) => !button.disabled);
    await form.getByLabel("Full name").fill("Mary Seacole");
    await form.getByLabel("Work email").fill(uniqueEmail("toast-area"));
    await form
      .getByLabel("Project details")
      .fill("A booking app for our clinics, web and phones, with reminders.");
    await form.getByRole("checkbox", { name: /may contact me/ }).check();
    // The form waits out what is left of the server's fill time itself before it sends.
    await submit.click();
    await page.mouse.move(1200, 100);

    const message = page.getByRole("alert").filter({ hasText: "Your consultation request has been sent" });
    await message.waitFor();
    const where = await message.evaluate((el) => {
      const area = el.closest("[data-toast-area]") as (HTMLElement & { seenBefore?: boolean }) | null;
      return {
        sameArea: area?.seenBefore === true,
        live: area?.getAttribute("aria-live"),
        areas: document.querySelectorAll("[data-toast-area]").length,
      };
    });
    assert.deepEqual(where, { sameArea: true, live: "polite", areas: 1 });
    await context.close();
  });
});

describe("scroll animations", () => {
  test("on desktop they start after load and last 1000 ms", async () => {
    const { page, context } = await newPage(DESKTOP, { reducedMotion: "no-preference" });
    await page.goto("/services/nlp-solutions", { waitUntil: "load" });
    await page.locator(".aos-init").first().waitFor({ state: "attached" });
    assert.equal(
      await page
        .locator("[data-aos]")
        .first()
        .getAttribute("data-aos-duration")
        .catch(() => null),
      null,
    );
    const duration = await page.evaluate(() => document.body.getAttribute("data-aos-duration"));
    assert.equal(duration, "1000");
    assert.equal(await page.locator("h1[data-aos], h1 [data-aos]").count(), 0, "no animation on the hero");
    await context.close();
  });

  test("on phones and with reduced motion nothing is left invisible, also after client-side navigation", async () => {
    for (const [viewport, motion] of [
      [PHONE, "no-preference"],
      [DESKTOP, "reduce"],
    ] as const) {
      const { page, context } = await newPage(viewport, { reducedMotion: motion });
      // Navigate as early as a visitor could: as soon as Gatsby's navigate exists, perhaps
      // before hydration has finished (src/lib/hydration.ts queues it).
      await page.goto("/", { waitUntil: "load" });
      await page.waitForFunction(() => typeof window.___navigate === "function");
      await page.evaluate(() => window.___navigate("/services/nlp-solutions"));
      await page.waitForURL("**/services/nlp-solutions");
      await page.getByRole("heading", { name: "What you get" }).waitFor();
      await page
        .waitForFunction(() =>
          [...document.querySelectorAll("main section")].every((s) => {
            const el = s.firstElementChild;
            return !el || Number(getComputedStyle(el).opacity) === 1;
          }),
        )
        .catch((error: Error) => {
          throw new Error(`a section left invisible at ${viewport.width}px, ${motion} (${error.message})`);
        });
      assert.equal(await page.locator("[data-aos]").count(), 0);
      await context.close();
    }
  });
});

describe("layout after the first paint (phones)", () => {
  /** Where the element is against the viewport after focus moved to it, as a keyboard jump does. */
  const focusedBox = async (page: Page, selector: string) => {
    const target = page.locator(selector).last();
    await target.focus();
    await nextFrames(page);
    const box = (await target.boundingBox())!;
    return { top: Math.round(box.y), bottom: Math.round(box.y + box.height) };
  };

  const placeholders = (page: Page) =>
    page.evaluate(
      () =>
        [...document.querySelectorAll("main *")].filter(
          (el) => getComputedStyle(el).contentVisibility === "auto",
        ).length,
    );

  test("on a phone the parts below the fold wait until they are scrolled to, and nothing lays them out at idle", async () => {
    const { page, context } = await newPage(PHONE);
    await page.clock.install();
    await open(page, "/works");
    await page.clock.runFor(10_000);
    assert.ok((await placeholders(page)) > 0, "below the fold, placeholders until they are needed");
    // Scrolled to, the last card is laid out and shown (not an empty placeholder).
    const last = page.locator("main li a").last();
    await last.scrollIntoViewIfNeeded();
    await until(
      last,
      ([el]) => el.getBoundingClientRect().height > 0 && (el.textContent ?? "").trim().length > 0,
    );
    await context.close();
  });

  test("a jump lays the page out whole and lands on screen: a key, focus moved far down, an in-page link", async () => {
    const viewport = PHONE;
    const onScreen = (path: string, what: string, box: { top: number; bottom: number }) =>
      assert.ok(
        box.top >= 0 && box.bottom <= viewport.height,
        `${path}: ${what} is on screen (${box.top}-${box.bottom})`,
      );
    for (const path of ["/", "/works"]) {
      // Focus moved by a script (or a screen reader), with no key pressed first.
      const moved = await newPage(viewport);
      await open(moved.page, path);
      for (const selector of ["main li a", "footer a"]) {
        onScreen(path, `the last "${selector}" focused`, await focusedBox(moved.page, selector));
        assert.equal(await placeholders(moved.page), 0, `${path}: nothing in main left as a placeholder`);
      }
      await moved.context.close();
      // The first key lays the page out before it moves anything.
      const keyed = await newPage(viewport);
      await open(keyed.page, path);
      await keyed.page.keyboard.press("End");
      await keyed.page.waitForFunction(() => document.documentElement.dataset.laidOut === "true");
      assert.equal(await placeholders(keyed.page), 0, `${path}: laid out at the first key`);
      await keyed.context.close();
    }
    // An in-page link (the skip link) and a page opened at an anchor.
    const { page, context } = await newPage(viewport);
    await open(page, "/#main");
    assert.equal(await placeholders(page), 0, "/#main: laid out when opened at an anchor");
    await context.close();
  });
});

declare global {
  interface Window {
    ___navigate: (to: string) => void;
  }
}
