import assert from "node:assert/strict";
import path from "node:path";
import { loadContent } from "../../../gatsby/lib/content";
import { LATEST_MS } from "../../../gatsby/lib/scriptsAfterFirstView";
import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../../shared/firstView";
import { worksForIndustry } from "../../../gatsby/lib/relations";
import { routeTable } from "../../../test/harness/routes";
import { uniqueEmail, waitForRequest } from "../../lib/outbox";
import { waitFor } from "../../lib/wait";
import { css, role, type Driver } from "../driver";
import { DESKTOP, focusOn, scrollTo, settled } from "./common";

/** The key journeys at desktop width (1280 x 800), written once for every engine. */

const site = routeTable().site;
const works = loadContent(path.resolve("content")).works;
const TRANSPARENT = "rgba(0, 0, 0, 0)";
const WHITE = "rgb(255, 255, 255)";

export async function navbarColour(d: Driver): Promise<void> {
  await d.open("/");
  // The pointer away from the navbar (hovering it turns it white).
  await d.moveTo(DESKTOP.width / 2, DESKTOP.height - 10);
  for (const [y, colour] of [
    [0, TRANSPARENT],
    [75, WHITE],
    [74, TRANSPARENT],
  ] as const) {
    await scrollTo(d, y);
    await d.until(
      (expected) => getComputedStyle(document.querySelector("header")!).backgroundColor === expected,
      colour,
      `the navbar ${colour} at ${y} px`,
    );
  }
}

/**
 * A page comes alive by itself once it has painted (gatsby/lib/scriptsAfterFirstView.ts): with no
 * key, tap or click from the visitor, its scripts start sooner than the starter's fallback,
 * `LATEST_MS` after the starter ran. Until they run, the mega menus do not open on hover.
 *
 * The starter runs once its bytes have arrived, so the fallback cannot fire sooner than
 * `LATEST_MS` after the document's first byte: scripts fetched before that, with no input from
 * the visitor (the starter marks one on <html>), were started by the page's own signal. Fetched
 * later, the opening cannot tell the signal from the fallback: a browser just started waits for
 * its compositor (WebKitGTK under Xvfb drew its second frame 1,077 ms after its first, and a page
 * after the first, in a run beside a build and the unit tests, started its scripts 2,669 ms after
 * its first byte), so the page is opened again, a few times at most, and fails only when no
 * opening started its scripts before the fallback could have: what a page whose own signal never
 * comes does every time.
 */
const OPENINGS = 6;

export async function aliveOnItsOwn(d: Driver): Promise<void> {
  await d.open("/");
  const late: string[] = [];
  for (let opening = 1; opening <= OPENINGS; opening++) {
    await d.open("/about");
    // Hydrated is not yet loaded when the fallback started the scripts before the load.
    await d.until(
      () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd > 0,
      null,
      "/about loaded",
    );
    const { started, loaded, input } = await d.run((attribute) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const startup = performance
        .getEntriesByType("resource")
        .find((r) => /\/static\/gatsby-startup-[0-9a-f]+\.js$/.test(r.name));
      return {
        started: startup ? Math.round(startup.startTime - nav.responseStart) : null,
        loaded: Math.round(nav.loadEventEnd - nav.responseStart),
        input: document.documentElement.hasAttribute(attribute),
      };
    }, USED_BEFORE_SCRIPTS_ATTRIBUTE);
    assert.notEqual(started, null, "the page fetched its start-up script");
    assert.equal(input, false, "no input from the visitor started the scripts");
    if (started! < LATEST_MS) return;
    late.push(`${started} (loaded at ${loaded})`);
  }
  assert.fail(
    `in ${OPENINGS} openings of /about the scripts started ${late.join(", ")} ms after the document's first byte, never before the ${LATEST_MS} ms fallback could have started them: the page's own signal did not come first`,
  );
}

export async function megaMenus(d: Driver): Promise<void> {
  await d.open("/about");
  for (const name of ["Services", "Industries"]) {
    const button = role("button", name, role("banner"));
    const panel = css(`#${await d.attribute(button, "aria-controls")}`);
    await d.hover(button);
    await d.waitFor(panel);
    assert.equal(await d.attribute(button, "aria-expanded"), "true", `${name} says it is open`);
    // Leaving the navbar closes it.
    await d.moveTo(DESKTOP.width / 2, DESKTOP.height - 10);
    await d.waitFor(panel, false);
    // By keyboard: Enter opens, Escape closes and gives focus back to the button. Where the
    // driver cannot activate a button by a key (Firefox), the focused button's own click() opens
    // it, the activation Enter makes, with no pointer moved over the navbar.
    await d.focus(button);
    if (d.keysActivateButtons) await d.press("Enter");
    else await d.run(() => (document.activeElement as HTMLElement).click(), null);
    await d.waitFor(panel);
    await d.press("Escape");
    await d.waitFor(panel, false);
    await focusOn(d, name);
  }
}

const SUBMIT = "Book my free consultation";

export async function consultation(d: Driver): Promise<void> {
  await d.open("/services/ai-conversational-chatbot");
  await d.click(role("link", "Get a free consultation", role("main")));
  const modal = role("dialog", "Book a free consultation");
  const submit = role("button", SUBMIT, modal);
  const field = (name: string) => role("textbox", name, modal);
  // Ready once hydrated with its draft read: the submit button is enabled.
  await waitFor(async () => (await d.attribute(submit, "disabled")) === null, "the form enabled", 10_000);

  // Invalid: the error summary, focusOn, and the values kept.
  await d.fill(field("Full name"), "Mary Seacole");
  await d.fill(field("Work email"), "mary@");
  await d.click(submit);
  await d.waitFor(role("alert", undefined, modal));
  assert.equal(await d.run(() => document.activeElement?.getAttribute("role"), null), "alert");
  assert.equal(
    await d.run(() => (document.querySelector("input[type=email]") as HTMLInputElement).value, null),
    "mary@",
  );

  // Valid: the lead reaches the store, with the page's service chosen already.
  const email = uniqueEmail(`journey-${d.engine}`);
  await d.fill(field("Work email"), email);
  await d.fill(field("Phone (optional)"), "+44 20 7946 0999");
  await d.fill(field("Company (optional)"), "Seacole Clinics");
  await d.select(role("combobox", "Budget range (optional)", modal), "50k-100k");
  await d.fill(field("Project details"), "Patients book and reschedule by chat.");
  await d.click(role("checkbox", undefined, modal));
  await d.click(submit);
  await d.waitFor(role("heading", "Thank you, we have your request", modal));
  const stored = (await waitForRequest(email)).at(-1)!;
  assert.equal(stored.fields.name, "Mary Seacole");
  assert.equal(stored.fields.service, "ai-conversational-chatbot");
  assert.equal(stored.fields.budget, "50k-100k");
  assert.equal(stored.context.page, "/services/ai-conversational-chatbot");
}

export async function search(d: Driver): Promise<void> {
  const dialog = role("dialog", "Search the site");
  const field = role("combobox", "Search the site", dialog);
  const results = role("listbox", "Search results", dialog);
  const first = "React Native App Development";
  const firstPath = "/services/react-native-development";
  // Typed at once after the shortcut (`typeAhead`), the keys may come before the dialog's field
  // exists: the launcher keeps them for it.
  const query = async (typeAhead = false) => {
    await d.press("/");
    if (!typeAhead) {
      await d.waitFor(field);
      await d.until(
        () => document.activeElement?.getAttribute("role") === "combobox",
        null,
        "focus in the field",
      );
    }
    await d.type("React Native");
    await d.waitFor(role("option", first, results));
    const typed = await d.run(
      () => document.querySelector<HTMLInputElement>('dialog[open] [role="combobox"]')?.value,
      null,
    );
    assert.equal(typed, "React Native", "every key typed is in the field");
  };
  await d.open("/about");
  await query(d.typesWithoutField);
  // The listbox by keyboard: the arrows move the active option, Enter opens it.
  await d.press("ArrowDown");
  await d.press("ArrowDown");
  await d.press("ArrowUp");
  assert.equal(
    await d.attribute(field, "aria-activedescendant"),
    await d.attribute(role("option", first, results), "id"),
  );
  await d.press("Enter");
  await d.until((p) => location.pathname === p, firstPath, `the result's page ${firstPath}`);
  await d.waitFor(dialog, false);
  await d.waitFor(role("heading", undefined, role("main")));
  // Each result is a real link (an option that is an <a href>): a middle click opens its page
  // (in a new tab where the browser opens one).
  await d.open("/about");
  await query();
  const option = role("option", first, results);
  assert.equal(await d.attribute(option, "href"), firstPath);
  assert.equal(new URL(await d.middleClick(option)).pathname, firstPath);
}

export async function consent(d: Driver): Promise<void> {
  const copy = site.consentBanner;
  const banner = role("region", copy.heading);
  const choice = () =>
    d.run(() => JSON.parse(localStorage.getItem("analyticsConsent") ?? "null")?.choice, null);
  for (const [button, stored] of [
    [copy.accept, "granted"],
    [copy.reject, "denied"],
  ] as const) {
    // A first visit from a country that asks first (saved, so no lookup is made). The page
    // before has run its lookup (queued for an idle moment) and saved its answer, so it cannot
    // overwrite the country set here.
    await d.open("/about");
    await settled(d);
    await d.until(() => localStorage.getItem("country") !== null, null, "the country looked up");
    await d.forget();
    await d.run(() => localStorage.setItem("country", "DE"), null);
    await d.open("/about");
    await d.click(role("button", button, banner));
    await d.waitFor(banner, false);
    assert.equal(await choice(), stored);
    // The choice holds: on the next page, client-side, and after a full load.
    await d.click(role("link", "Portfolio", role("banner")));
    await d.until(() => location.pathname === "/works", null, "/works");
    await d.open("/works");
    await settled(d);
    assert.equal(await d.count(banner), 0, `not asked again after ${button}`);
    assert.equal(await choice(), stored);
  }
  await d.forget();
}

export async function worksFilters(d: Driver): Promise<void> {
  await d.open("/works");
  const industry = role("combobox", "Industry");
  await waitFor(
    async () => (await d.attribute(industry, "disabled")) === null,
    "the filters enabled",
    10_000,
  );
  const expected = worksForIndustry(works, "edtech");
  await d.select(industry, "edtech");
  await d.until(
    (n) =>
      document.querySelector('[role="status"]')?.textContent === `Showing ${n[0]} of ${n[1]} case studies`,
    [expected.length, works.length],
    "the count",
  );
  // The address follows once the change is painted (src/hooks/useUrlSearch.ts).
  await d.until(() => location.search === "?industry=edtech", null, "the filter in the address");
  assert.equal(await d.count(css("h3", role("region", "Case studies"))), expected.length);
}
