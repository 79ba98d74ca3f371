import assert from "node:assert/strict";
import path from "node:path";
import { loadContent } from "../../../gatsby/lib/content";
import { css, role, type Driver } from "../driver";
import { focusOn, PHONE } from "./common";

/** The key journeys on a 375 px phone, written once for every engine. */

const menu = role("dialog", "Menu");
const openButton = role("button", "Open menu");
const nlpHeadline = loadContent(path.resolve("content")).services.find(
  (s) => s.slug === "nlp-solutions",
)?.headline;

export async function phoneMenu(d: Driver): Promise<void> {
  await d.open("/about");
  await d.click(openButton);
  await d.waitFor(menu);
  // Drill into Services, back to the top by the breadcrumb's Home.
  await d.click(role("button", "Services", menu));
  await d.waitFor(role("heading", "Services", menu));
  await d.click(role("button", "Home", role("navigation", "Menu levels", menu)));
  await d.waitFor(role("heading", "Menu", menu));
  // A link navigates and closes the menu.
  await d.click(role("button", "Services", menu));
  await d.click(role("button", "AI Development", menu));
  await d.click(role("link", "NLP Solutions", menu));
  await d.until(() => location.pathname === "/services/nlp-solutions", null, "the link's page");
  await d.waitFor(menu, false);
  // The address changes first; the page follows when its render (a transition) commits, and the
  // router then moves focus to the new page. Until then a menu opened again would lose its focus.
  assert.ok(nlpHeadline, "content/services/nlp-solutions.yaml has a headline");
  await d.waitFor(role("heading", nlpHeadline, role("main")));
  // Escape closes it and gives focus back to the button that opened it.
  await d.click(openButton);
  await d.waitFor(menu);
  await d.press("Escape");
  await d.waitFor(menu, false);
  await focusOn(d, "Open menu");
  // So does a tap on the backdrop, the strip beside the menu.
  await d.click(openButton);
  await d.waitFor(menu);
  // The strip's middle, clear of a classic scrollbar's gutter (12 px in Firefox ESR 140, where a
  // tap at the window's edge lands on the scrollbar, not the backdrop).
  const strip = await d.run(() => {
    const panel = document.getElementById("mobile-menu")?.firstElementChild?.getBoundingClientRect();
    return ((panel?.right ?? 0) + document.documentElement.clientWidth) / 2;
  }, null);
  await d.clickAt(strip, PHONE.height / 2);
  await d.waitFor(menu, false);
  // And its Close button, with nothing said in the console (where the driver reads it).
  await d.click(openButton);
  await d.waitFor(menu);
  await d.console();
  await d.click(role("button", "Close menu", menu));
  await d.waitFor(menu, false);
  assert.deepEqual(await d.console(), d.engine === "webkit" ? undefined : []);
}

export async function footer(d: Driver): Promise<void> {
  await d.open("/about");
  const column = role("navigation", "Services", role("contentinfo"));
  const links = css("a", column);
  const toggle = role("button", "Services", column);
  assert.equal(await d.count(links), 0, "a column starts closed on a phone");
  await d.click(toggle);
  await d.until(
    () => document.querySelector("footer [aria-expanded=true]") !== null,
    null,
    "the column open",
  );
  const shown = await d.count(links);
  assert.ok(shown > 0, "the column's links");
  // The open column's style came from styled-components, which took the page's own stylesheet
  // over (its rules placed from the build's table, gatsby/lib/styleRecords.ts) instead of adding
  // every rule again in a second one.
  assert.deepEqual(
    await d.run(
      () =>
        [...document.querySelectorAll("style[data-styled]")].map(
          (s) =>
            `${s.getAttribute("data-styled")} ${s.hasAttribute("data-sc-groups") ? "server's" : "added"}`,
        ),
      null,
    ),
    ["active server's"],
    "one styled-components stylesheet, the page's own",
  );
  await d.click(role("button", "More...", column));
  await d.waitFor(role("button", "Less", column));
  const all = await d.count(links);
  assert.ok(all > shown, `More... shows more links (${shown}, then ${all})`);
  await d.click(role("button", "Less", column));
  await d.waitFor(role("button", "More...", column));
  assert.equal(await d.count(links), shown);
}
