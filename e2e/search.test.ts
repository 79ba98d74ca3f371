/**
 * The site search (src/components/Search, ADR 0010) in a real browser against the built site:
 * nothing of it loads before intent, the queries a visitor would type find the expected page
 * first (a typo too), it works from the keyboard alone (APG combobox), axe finds nothing in the
 * open dialog at 1280 and 375 px, the phone menu opens it, the Content-Security-Policy holds,
 * and without JavaScript the control is a link to the portfolio.
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { SEARCH_BUNDLE_PATH } from "../shared/search";
import { closeBrowser, DESKTOP, newPage, open, PHONE } from "./lib/browser";
import { until } from "./lib/wait";
import { axeOn } from "./lib/axe";

after(closeBrowser);

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Every request of the search: its dialog's and its worker's chunks, Pagefind's script, WASM,
 * index and vocabulary.
 */
const isSearchRequest = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith(SEARCH_BUNDLE_PATH) || /^\/(search-dialog|workers\/search)-[\w]+\.js$/.test(path);
};

function recordSearchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (isSearchRequest(r.url())) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

/**
 * The first search request from now on whose path `matches` (Playwright's own waiting): started
 * before the intent, awaited after it.
 */
function searchRequest(page: Page, matches: (path: string) => boolean): Promise<unknown> {
  const request = page.waitForRequest((r) => isSearchRequest(r.url()) && matches(new URL(r.url()).pathname));
  // Awaited later: a test that fails before then does not leave it rejecting unhandled.
  request.catch(() => undefined);
  return request;
}
const isPagefind = (path: string) => path.endsWith("pagefind.js");

/**
 * Answers the requests whose path `matches` late, after `delay` (ms, or a promise the test
 * settles), so the visitor's keys come first; resolves with the list of the paths held.
 */
async function holdRequests(
  context: BrowserContext,
  matches: (path: string) => boolean,
  delay: number | Promise<void>,
): Promise<string[]> {
  const held: string[] = [];
  await context.route(
    (url) => matches(url.pathname),
    async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await (typeof delay === "number" ? new Promise((resolve) => setTimeout(resolve, delay)) : delay);
      await route.continue().catch(() => undefined);
    },
  );
  return held;
}

/** Holds the matching requests until the returned function is called. */
async function holdUntilReleased(
  context: BrowserContext,
  matches: (path: string) => boolean,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await holdRequests(context, matches, held);
  return release;
}
const isIndexFile = (path: string) => path.startsWith(SEARCH_BUNDLE_PATH);
const isDialogChunk = (path: string) => /^\/search-dialog-[\w]+\.js$/.test(path);

const combobox = (page: Page) => page.getByRole("dialog", { name: "Search the site" }).getByRole("combobox");

/** Opens the dialog with "/" and types a query; resolves with the options' titles once shown. */
async function search(page: Page, query: string): Promise<string[]> {
  if (!(await combobox(page).isVisible())) await page.keyboard.press("/");
  const input = combobox(page);
  await input.waitFor();
  await input.fill(query);
  await resultsShown(page, query);
  const options = page.getByRole("option");
  return Promise.all((await options.all()).map(async (o) => (await o.locator("strong").innerText()).trim()));
}

/**
 * Until the dialog shows the results of `query` itself, not of a part of it typed earlier: typed
 * key by key, the options of "React" (the React.js page first) are on screen before those of
 * "React Native", and an arrow key and Enter pressed then act on them.
 */
async function resultsShown(page: Page, query: string): Promise<void> {
  const status = page.getByRole("dialog").getByRole("status");
  // The status names the query once its results are shown (a correction names the typed one too).
  await until(
    status,
    ([el, typed]: [HTMLElement, string]) =>
      /result|Nothing matches/.test(el.innerText) && el.innerText.includes(`“${typed}”`),
    query,
    15_000,
  ).catch(async (error: Error) => {
    throw new Error(`results for ${query}: the status says "${await status.innerText()}" (${error.message})`);
  });
}

describe("loaded on intent", () => {
  test("no search request before intent; the dialog's chunk and the index load once the visitor shows it", async () => {
    const { page, context } = await newPage(DESKTOP);
    const requests = recordSearchRequests(page);
    await open(page, "/about");
    await page.waitForLoadState("networkidle");
    // Scrolling, reading and moving the pointer elsewhere is not intent.
    await page.mouse.move(600, 500);
    await page.mouse.wheel(0, 600);
    await page.waitForLoadState("networkidle");
    assert.equal(requests.length, 0, `nothing of the search before intent: ${requests.join(", ")}`);
    // Once hydrated the control is the button alone (the link it was before is hidden).
    assert.equal(await page.getByRole("banner").getByRole("link", { name: "Search" }).count(), 0);
    // Hovering the control is.
    const chunk = searchRequest(page, (path) => path.startsWith("/search-dialog-"));
    const worker = searchRequest(page, (path) => path.startsWith("/workers/search-"));
    const pagefind = searchRequest(page, isPagefind);
    await page.getByRole("button", { name: "Search" }).hover();
    await chunk;
    await worker;
    await pagefind;
    await context.close();
  });

  test("the first-load scripts hold none of the search's code (it is a chunk of its own)", async () => {
    const { page, context } = await newPage(DESKTOP);
    const scripts: string[] = [];
    page.on("response", async (r) => {
      if (r.request().resourceType() === "script") scripts.push(await r.text().catch(() => ""));
    });
    await open(page, "/");
    await page.waitForLoadState("networkidle");
    assert.ok(scripts.length > 2);
    assert.ok(!scripts.some((s) => s.includes("debouncedSearch")), "no Pagefind call in the first load");
    assert.ok(!scripts.some((s) => s.includes("site-search-results")), "no dialog markup in the first load");
    await context.close();
  });

  test("focus on the control is intent too, and so is the keyboard shortcut", async () => {
    for (const intent of ["focus", "key"] as const) {
      const { page, context } = await newPage(DESKTOP);
      const requests = recordSearchRequests(page);
      await open(page, "/works/humm");
      assert.equal(requests.length, 0, requests.join(", "));
      const pagefind = searchRequest(page, isPagefind);
      if (intent === "focus") await page.getByRole("button", { name: "Search" }).focus();
      else await page.keyboard.press("Control+K");
      await pagefind;
      if (intent === "key") await combobox(page).waitFor();
      await context.close();
    }
  });
});

describe("results", () => {
  const EXPECTED: [string, string][] = [
    ["fintech app", "Finance"],
    ["chatbot for support", "AI Chatbot Development"],
    ["React Native", "React Native App Development"],
    ["healthcare", "Healthcare"],
    // A typo: nothing matches as typed, so the site's vocabulary corrects it.
    ["helthcare", "Healthcare"],
  ];

  test("the queries a visitor would type find the expected page first", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    const problems: string[] = [];
    for (const [query, first] of EXPECTED) {
      const titles = await search(page, query);
      if (titles[0] !== first)
        problems.push(`${query}: first ${titles[0]} (${titles.slice(0, 4).join(", ")})`);
    }
    assert.deepEqual(problems, []);
    // The typo's results say what was searched instead.
    await search(page, "helthcare");
    assert.match(
      await page.getByRole("dialog").getByRole("status").innerText(),
      /for “healthcare” \(nothing matched “helthcare”\)/,
    );
    await context.close();
  });

  test("results are grouped by kind, with the matching words marked in each passage", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    await search(page, "React Native");
    const listbox = page.getByRole("listbox", { name: "Search results" });
    const groups = await listbox.getByRole("group").all();
    const names = await Promise.all(groups.map((g) => g.getAttribute("aria-labelledby")));
    const labels = await Promise.all(names.map((id) => page.locator(`[id="${id}"]`).innerText()));
    assert.ok(labels.length >= 2, labels.join(", "));
    assert.equal(new Set(labels).size, labels.length, "each kind once");
    for (const label of labels)
      assert.ok(["SERVICES", "INDUSTRIES", "CASE STUDIES", "PAGES"].includes(label.toUpperCase()), label);
    assert.equal(labels[0].toUpperCase(), "SERVICES");
    const marks = await listbox.getByRole("option").first().locator("mark").allInnerTexts();
    assert.ok(
      marks.some((m) => /react|native/i.test(m)),
      marks.join(", "),
    );
    await context.close();
  });

  test("nothing found says so, and suggests what to try", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    const titles = await search(page, "qwxzvbn");
    assert.deepEqual(titles, []);
    assert.match(await page.getByRole("dialog").getByRole("status").innerText(), /Nothing matches “qwxzvbn”/);
    assert.equal(await combobox(page).getAttribute("aria-expanded"), "false");
    await context.close();
  });
});

describe("keyboard and accessibility", () => {
  test("keyboard only: Tab to the control, Enter, type, arrows, Enter opens the page; Escape clears then closes", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/about");
    const button = page.getByRole("button", { name: "Search" });
    // From the top of the page, as a keyboard visitor comes: the skip link, the logo, the navbar's
    // menus, then the control (bounded, so a control Tab never reaches fails here).
    const stops: string[] = [];
    while (!(await button.evaluate((b) => b === document.activeElement))) {
      assert.ok(stops.length < 20, `Tab did not reach the search control: ${stops.join(" > ")}`);
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement;
          return `${el?.tagName.toLowerCase()} "${el?.getAttribute("aria-label") ?? el?.textContent?.trim()}"`;
        }),
      );
    }
    await page.keyboard.press("Enter");
    const input = combobox(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute("role") === "combobox");
    assert.equal(await input.getAttribute("aria-autocomplete"), "list");
    await page.keyboard.type("React Native");
    await resultsShown(page, "React Native");
    assert.equal(await input.getAttribute("aria-expanded"), "true");
    const controls = await input.getAttribute("aria-controls");
    assert.equal(await page.getByRole("listbox").getAttribute("id"), controls);
    // Down twice, up once: the first option is active, and the combobox says so.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    const active = await input.getAttribute("aria-activedescendant");
    const first = page.getByRole("option").first();
    assert.equal(active, await first.getAttribute("id"));
    assert.equal(await first.getAttribute("aria-selected"), "true");
    // Up from the first wraps to the last.
    await page.keyboard.press("ArrowUp");
    const last = page.getByRole("option").last();
    assert.equal(await input.getAttribute("aria-activedescendant"), await last.getAttribute("id"));
    await page.keyboard.press("ArrowDown");
    // The pointer over an option makes it the active one, as the arrow keys would.
    const second = page.getByRole("option").nth(1);
    await second.hover();
    await page.waitForFunction(
      (id) => document.querySelector('[role="combobox"]')?.getAttribute("aria-activedescendant") === id,
      await second.getAttribute("id"),
    );
    assert.equal(await second.getAttribute("aria-selected"), "true");
    assert.equal(await first.getAttribute("aria-selected"), "false");
    // Escape clears the query first (the dialog stays), then closes and returns focus.
    await page.keyboard.press("Escape");
    assert.equal(await input.inputValue(), "");
    assert.ok(await input.isVisible());
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Search the site" }).waitFor({ state: "hidden" });
    await until(button, ([b]) => b === document.activeElement);
    // Again with "/" and Enter on the active option: the page opens.
    await page.keyboard.press("/");
    await combobox(page).waitFor();
    await page.keyboard.type("React Native");
    await resultsShown(page, "React Native");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/services/react-native-development");
    // The address changes first; the new page follows once its render (a transition) commits.
    await page.getByRole("heading", { level: 1, name: /React Native/i }).waitFor();
    assert.equal(await page.getByRole("dialog", { name: "Search the site" }).count(), 0);
    await context.close();
  });

  test("Enter pressed before the typed query's results arrive opens their first, not one still on screen from before", async () => {
    // A quick typist, or a slow phone: the results on screen are an earlier query's when Enter
    // comes. Here the index's files the new query needs are held for half a second, so Enter
    // always comes first.
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    await search(page, "healthcare");
    const held = await holdRequests(context, isIndexFile, 500);
    await combobox(page).fill("React Native");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/");
    assert.equal(new URL(page.url()).pathname, "/services/react-native-development");
    assert.ok(held.length > 0, "the new query's results were held");
    await context.close();
  });

  test("Enter pressed while the index is still loading opens the first result once it has", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    await holdRequests(context, isIndexFile, 300);
    await page.keyboard.press("/");
    await combobox(page).waitFor();
    await page.keyboard.type("healthcare");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname !== "/", { timeout: 10_000 });
    assert.equal(new URL(page.url()).pathname, "/industries/health-care");
    await context.close();
  });

  test("what is typed after the shortcut while the dialog still loads goes into its field, not lost", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/about");
    // Held until the keys are in, however long typing takes on a busy host (a fixed 600 ms ran
    // out before the last key once, and the dialog was there to type into).
    const release = await holdUntilReleased(context, isDialogChunk);
    await page.keyboard.press("/");
    await page.keyboard.type("health care");
    // Typed before the dialog existed: nothing of it scrolled the page (the space) either.
    assert.equal(await combobox(page).count(), 0, "the dialog was still loading");
    release();
    await resultsShown(page, "health care");
    assert.equal(await combobox(page).inputValue(), "health care");
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await context.close();
  });

  test("keys typed as the dialog opens, some before its field exists and some after, all arrive in order", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/about");
    const release = await holdUntilReleased(context, isDialogChunk);
    // A slower CPU, as on a phone with a keyboard: the dialog's opening spans several tasks, and
    // keys typed steadily land before, during and after it.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    await page.keyboard.press("/");
    await page.keyboard.type("React");
    release();
    await page.keyboard.type(" Native app development", { delay: 10 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await resultsShown(page, "React Native app development");
    assert.equal(await combobox(page).inputValue(), "React Native app development");
    await context.close();
  });

  test("Enter typed ahead with the query, before the dialog has loaded, opens the first result", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/about");
    const release = await holdUntilReleased(context, isDialogChunk);
    await page.keyboard.press("/");
    await page.keyboard.type("React Native");
    await page.keyboard.press("Enter");
    assert.equal(await combobox(page).count(), 0, "the dialog was still loading");
    release();
    await page.waitForURL((url) => url.pathname !== "/about", { timeout: 10_000 });
    assert.equal(new URL(page.url()).pathname, "/services/react-native-development");
    await context.close();
  });

  test("Tab stays inside the open dialog", async () => {
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/");
    await page.keyboard.press("/");
    await combobox(page).waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      assert.ok(
        await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]"))),
        `Tab ${i + 1} stays in the dialog`,
      );
    }
    await context.close();
  });

  test("a shortcut pressed while the dialog is closing opens it again", async () => {
    // The browser hides a closed <dialog> at once but fires its close event a task later; a
    // busy phone runs the visitor's next key first (input comes before other tasks). Here the
    // two happen in one task, so the key always comes before the close event.
    const { page, context } = await newPage(DESKTOP);
    await open(page, "/about");
    await page.keyboard.press("/");
    await combobox(page).waitFor();
    await page.evaluate(() => {
      document.querySelector<HTMLDialogElement>("dialog[open]")!.close();
      document.body.dispatchEvent(
        new KeyboardEvent("keydown", { key: "/", bubbles: true, cancelable: true }),
      );
    });
    await combobox(page).waitFor({ timeout: 5_000 });
    await until(combobox(page), ([el]) => el === document.activeElement);
    // The old dialog's late close leaves the new one open, and Escape closes the new one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    assert.ok(await combobox(page).isVisible());
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: "Search the site" }).waitFor({ state: "hidden" });
    await until(page.getByRole("button", { name: "Search" }), ([b]) => b === document.activeElement);
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    test(`axe finds nothing in the open dialog with results at ${viewport.width} px`, async () => {
      const { page, context } = await newPage(viewport);
      await open(page, "/");
      await search(page, "healthcare");
      await page.keyboard.press("ArrowDown");
      const { violations } = await axeOn(page).include("dialog[open]").withTags(WCAG_TAGS).analyze();
      assert.deepEqual(
        violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")}`)),
        [],
      );
      // The dialog fits the screen.
      const box = (await page.getByRole("dialog", { name: "Search the site" }).boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${box.x} + ${box.width}`);
      await context.close();
    });
  }

  test("on a phone the navbar's control and the menu's Search row open the dialog", async () => {
    const { page, context } = await newPage(PHONE);
    await open(page, "/about");
    await page.getByRole("button", { name: "Search" }).click();
    await combobox(page).waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Search" }).click();
    await combobox(page).waitFor();
    assert.ok(await combobox(page).evaluate((el) => el === document.activeElement));
    assert.equal(await page.getByRole("dialog", { name: "Menu" }).isVisible(), false);
    const titles = await search(page, "React Native");
    assert.equal(titles[0], "React Native App Development");
    await context.close();
  });
});

test("no Content-Security-Policy violation from loading and using the search", async () => {
  const { page, context } = await newPage(DESKTOP);
  const violations: string[] = [];
  await context.exposeBinding("__cspViolation", (_source, text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on("console", (m) => {
    if (/Content Security Policy|WebAssembly/i.test(m.text())) violations.push(m.text());
  });
  await open(page, "/");
  const titles = await search(page, "chatbot for support");
  assert.ok(titles.length > 0);
  assert.deepEqual(violations, []);
  await context.close();
});

test("without JavaScript the control is a link to the portfolio, which lists every case study", async () => {
  const { page, context } = await newPage(DESKTOP, { javaScriptEnabled: false });
  await page.goto("/about");
  const link = page.getByRole("banner").getByRole("link", { name: "Search" });
  assert.equal(await link.getAttribute("href"), "/works");
  await link.click();
  await page.waitForURL("**/works");
  assert.ok(
    (await page.getByRole("region", { name: "Case studies" }).getByRole("heading", { level: 3 }).count()) >
      30,
  );
  await context.close();
});
