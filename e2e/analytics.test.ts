import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Page } from "playwright-core";
import { samplePaths } from "../test/harness/samplePages";
import { NOT_FOUND_PATH } from "./lib/axe";
import { closeBrowser, newPage } from "./lib/browser";
import { headOf, staticHtml } from "./lib/html";
import { E2E_MEASUREMENT_ID, type OutsideLog } from "./lib/outside";
import { commandsSent, consentDefault, eventsSent } from "./lib/gtag";
import { waitFor } from "./lib/wait";

/**
 * The site is built by e2e/run.ts with GATSBY_GA_MEASUREMENT_ID set. gtag.js runs in Partytown's
 * web worker (ADR 0011), started at idle time after hydration; e2e/lib/outside.ts answers the
 * worker's request for it (through the site's proxy path) with a stand-in that sends one collect
 * request per dataLayer command, so these tests see, from outside the browser, what the tag in
 * the worker ran and would have sent. The default country lookup answer (JP) is outside the
 * consent regions: analytics loads without a banner (e2e/consent.test.ts has the visitors who are
 * asked).
 */
const ID = process.env.GATSBY_GA_MEASUREMENT_ID || E2E_MEASUREMENT_ID;

after(closeBrowser);

const configSent = (outside: OutsideLog) => eventsSent(outside, "config").length > 0;
async function waitForTag(outside: OutsideLog): Promise<void> {
  await waitFor(async () => configSent(outside), "the tag in the worker to send its config event", 15_000);
}

/** One page of each template (test/harness/samplePages.ts), and the 404 page, a template of its own. */
const onePagePerTemplate = (): string[] => [...samplePaths(), NOT_FOUND_PATH];

test("no page has the tag or Partytown in its static HTML: both start at idle time, for a measured visitor", async () => {
  for (const path of samplePaths()) {
    const html = await staticHtml(path);
    assert.doesNotMatch(headOf(html), /data-partytown|partytown/, `${path}: no Partytown snippet`);
    assert.doesNotMatch(html, /text\/partytown|__third-party-proxy/, `${path}: no off-main-thread script`);
    assert.doesNotMatch(html, /googletagmanager\.com/, `${path}: no tag before hydration`);
  }
});

test("gtag.js runs in the worker, fetched once through the proxy, after consent default; the page is counted once", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/services/nlp-solutions");
  await waitForTag(outside);
  assert.equal(outside.tags.length, 1, "gtag.js fetched once");
  assert.equal(outside.tags[0].searchParams.get("id"), ID);
  // The tag ran in the worker: the page has Partytown's forwarding stub, no dataLayer and no
  // gtag.js script of its own; Gatsby's off-main-thread Scripts are in the document.
  const onPage = await page.evaluate(() => ({
    dataLayer: "dataLayer" in window,
    gtag: typeof (window as unknown as { gtag?: unknown }).gtag,
    mainThreadTag: document.querySelectorAll("script[src*='googletagmanager']:not([type])").length,
    offMainThread: [...document.querySelectorAll("script[data-strategy='off-main-thread']")].map((s) =>
      s.getAttribute("src"),
    ),
    partytown: document.querySelectorAll("script[src='/~partytown/partytown.js']").length,
    sandbox: document.querySelectorAll("iframe[src^='/~partytown/partytown-sandbox-sw.html']").length,
  }));
  assert.deepEqual(onPage, {
    dataLayer: false,
    gtag: "function",
    mainThreadTag: 0,
    offMainThread: [
      null,
      `/__third-party-proxy?url=${encodeURIComponent(`https://www.googletagmanager.com/gtag/js?id=${ID}`)}`,
    ],
    partytown: 1,
    sandbox: 1,
  });
  // Consent Mode v2: the default comes before anything else; advertising is always denied.
  const commands = commandsSent(outside);
  assert.deepEqual(commands[0], consentDefault("granted"));
  assert.deepEqual(
    commands.filter((c) => c[0] === "config"),
    [["config", ID]],
    "configured (and the page counted) once",
  );
  assert.equal(eventsSent(outside, "page_view").length, 0, "the first page is counted by the config");
  assert.deepEqual(outside.blocked, []);
  await context.close();
});

/**
 * Follows an internal link client-side and waits until the new title is in place. Gatsby's head
 * can pass through an empty title on the way (a clean run read '' here once), so an empty one is
 * not the new title.
 */
async function follow(page: Page, href: string): Promise<void> {
  const title = await page.title();
  await page.locator(`main a[href='${href}']`).first().click();
  await page.waitForURL((u) => u.pathname === href);
  await page.waitForFunction((before) => document.title !== before && document.title !== "", title);
}

test("each client-side navigation sends one page_view with its path and title; the first page is counted once", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/");
  await waitForTag(outside);
  const titles: string[] = [];
  // (A consultation link opens the modal in place rather than navigating, so not one of these.)
  for (const href of ["/works", "/works/humm", "/industries/finance"]) {
    await follow(page, href);
    titles.push(await page.title());
    await waitFor(
      async () => eventsSent(outside, "page_view").length === titles.length,
      `a page_view for ${href}`,
      10_000,
    );
  }
  const views = eventsSent(outside, "page_view");
  assert.deepEqual(
    views.map((v) => [v.searchParams.get("ep.page_path"), v.searchParams.get("ep.page_title")]),
    [
      ["/works", titles[0]],
      ["/works/humm", titles[1]],
      ["/industries/finance", titles[2]],
    ],
  );
  // Back in history is a navigation too; the tag is not loaded again and the first page was
  // counted by the config event only.
  await page.goBack();
  await page.waitForURL((u) => u.pathname === "/works/humm");
  await waitFor(async () => eventsSent(outside, "page_view").length === 4, "a page_view for the way back");
  assert.equal(eventsSent(outside, "page_view")[3].searchParams.get("ep.page_path"), "/works/humm");
  assert.equal(eventsSent(outside, "config").length, 1);
  assert.equal(outside.tags.length, 1);
  await context.close();
});

test("a navigation while the worker is still starting is counted once, after the first page", async () => {
  // gtag.js is held back until after the navigation, so the worker is surely still starting
  // (waiting for Partytown's script alone raced a fast worker, which had sometimes run already).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const { page, context, outside } = await newPage(undefined, {}, { gtagHeld: held });
  await page.goto("/");
  await waitFor(async () => outside.tags.length === 1, "the worker asked for gtag.js", 15_000);
  assert.equal(configSent(outside), false);
  await follow(page, "/works");
  release();
  await waitFor(async () => eventsSent(outside, "page_view").length === 1, "the page_view", 15_000);
  const commands = commandsSent(outside).map((c) => `${c[0]} ${c[1]}`);
  assert.ok(
    commands.indexOf(`config ${ID}`) < commands.indexOf("event page_view"),
    `the first page before the second: ${commands.join(", ")}`,
  );
  assert.equal(eventsSent(outside, "config").length, 1);
  await context.close();
});

test("no DevTools Issues entry (deprecations included) on any template with analytics on", async () => {
  const problems: string[] = [];
  for (const path of onePagePerTemplate()) {
    const { page, context, outside } = await newPage();
    const cdp = await context.newCDPSession(page);
    const issues: string[] = [];
    cdp.on("Audits.issueAdded", ({ issue }) => {
      const details = JSON.stringify(issue.details).slice(0, 300);
      issues.push(`${issue.code}: ${details}`);
    });
    await cdp.send("Audits.enable");
    await page.goto(path);
    // The tag ran in the worker: Partytown's sandbox has read the page's interfaces (where the
    // deprecation issues came from) and the worker has fetched and run gtag.js.
    await waitForTag(outside);
    // A client-side navigation exercises the forwarded calls too.
    const link = page.locator("main a[href='/works'], main a[href='/']").first();
    if ((await link.count()) > 0) {
      const before = eventsSent(outside, "page_view").length;
      await link.click();
      await waitFor(async () => eventsSent(outside, "page_view").length > before, `${path}: a page_view`);
    }
    problems.push(...issues.map((i) => `${path}: ${i}`));
    await context.close();
  }
  assert.deepEqual(problems, []);
});

/** What web-vitals waits for to report final values: the page going into the background. */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

test("field Web Vitals: LCP, CLS and INP go out as events with their attribution, through the tag in the worker", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/services/nlp-solutions");
  await waitForTag(outside);
  // One layout shift, made on purpose too: the page itself does not shift (its CLS is 0, and
  // web-vitals then reports CLS with no attribution at all: no target, no load state), so a block
  // put above the main content pushes it down. After the load event, so its load state is known,
  // and before the click (a shift within 500 ms of an input is not counted).
  await page.waitForFunction(() => document.readyState === "complete");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().length > 0) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: "layout-shift" });
        const block = document.createElement("div");
        block.style.height = "120px";
        document.querySelector("main")!.prepend(block);
      }),
  );
  // One interaction (INP's, and LCP's end), then the page is hidden (the final reports). The
  // interaction is made slow on purpose (a handler that keeps the main thread 80 ms): web-vitals
  // observes interactions from 40 ms, so a quick click on a quiet machine would report no INP
  // at all, and the test would pass or fail with the host's load.
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      () => {
        const end = performance.now() + 80;
        while (performance.now() < end);
      },
      { capture: true, once: true },
    ),
  );
  const services = page.getByRole("button", { name: "Services" });
  await services.click();
  await page.keyboard.press("Escape");
  // The browser hands an interaction's timing to observers after the frame it caused; on a busy
  // host that came after the page was hidden, and web-vitals had no INP to report (the tag sent
  // LCP and CLS only). Hide the page once web-vitals has the interaction, as a real visitor's tab
  // switch comes well after it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (list.getEntries().some((e) => (e as PerformanceEventTiming).interactionId)) {
            observer.disconnect();
            resolve();
          }
        }).observe({ type: "event", buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
      }),
  );
  // web-vitals reads the entries it is handed at the next idle moment: after that one.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5_000 })));
  await hidePage(page);
  await waitFor(
    async () => ["LCP", "CLS", "INP"].every((name) => eventsSent(outside, name).length > 0),
    "the three field metrics",
    // The worker posts them once the page is hidden; on a busy 2-core CI host that took over 15 s.
    30_000,
  ).catch((error: Error) => {
    // Which ones did arrive, and what the tag sent: the failure says where the chain broke.
    const sent = outside.collects.map((u) => u.searchParams.get("en"));
    throw new Error(`${error.message}; the tag sent: ${sent.join(", ")}`);
  });
  const param = (name: string, key: string) => eventsSent(outside, name)[0].searchParams.get(`ep.${key}`);
  for (const name of ["LCP", "CLS", "INP"]) {
    assert.match(param(name, "metric_id") ?? "", /^v\d+-/, `${name} has its id`);
    assert.ok(Number(param(name, "metric_value")) >= 0, `${name} has its value`);
    assert.match(param(name, "metric_rating") ?? "", /^(good|needs-improvement|poor)$/, `${name} is rated`);
    assert.match(param(name, "value") ?? "", /^\d+$/, `${name}'s value is an integer`);
  }
  // Attribution: the element (a CSS selector) and the parts that explain the figure.
  assert.ok(param("LCP", "debug_target"), "LCP names its element");
  for (const part of [
    "lcp_ttfb",
    "lcp_resource_load_delay",
    "lcp_resource_load_duration",
    "lcp_element_render_delay",
  ])
    assert.match(param("LCP", part) ?? "", /^\d+$/, part);
  assert.match(param("INP", "debug_target") ?? "", /button/, "INP names the button pressed");
  assert.equal(param("INP", "inp_interaction_type"), "pointer");
  for (const part of ["inp_input_delay", "inp_processing_duration", "inp_presentation_delay"])
    assert.match(param("INP", part) ?? "", /^\d+$/, part);
  // The shift made above: the element it moved (the first of main's content), its size, and the
  // page's load state then (web-vitals: loading, dom-interactive, dom-content-loaded or complete).
  assert.ok(Number(param("CLS", "metric_value")) > 0, "CLS counts the shift");
  assert.match(param("CLS", "debug_target") ?? "", /^#main>/, "CLS names the element that shifted");
  assert.ok(Number(param("CLS", "cls_largest_shift_value")) > 0, "CLS has its largest shift");
  assert.equal(param("CLS", "cls_load_state"), "complete", "CLS's shift came after the load event");
  await context.close();
});

test("no field metrics without consent: a visitor asked first sends none and loads none of their code before choosing", async () => {
  const { page, context, outside } = await newPage(
    undefined,
    {},
    {
      countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.1", country: "DE" }) },
    },
  );
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await page.goto("/services/nlp-solutions");
  await page.getByRole("region", { name: "Analytics cookies" }).waitFor();
  await page.getByRole("button", { name: "Services" }).click();
  await page.keyboard.press("Escape");
  await hidePage(page);
  // The banner's chunk is the last thing this visitor loads; nothing of the tag came with it.
  assert.deepEqual(outside.analytics, []);
  assert.deepEqual(
    scripts.filter((s) => /analytics-tag|partytown/.test(s)),
    [],
    "the tag's chunk (with web-vitals) and Partytown are not loaded",
  );
  await context.close();
});
