/**
 * The Content-Security-Policy holds in a real browser: the site is served with exactly the headers
 * the build wrote (scripts/serve.ts reads public/_headers, the server of the whole e2e run; each
 * page is checked to be served with its own policy: the site's, plus the hashes of exactly its
 * own inline scripts, e2e/lib/csp.ts), analytics is configured (the run builds with a measurement
 * id), the lookup and gtag.js are the stand-ins of e2e/lib/outside.ts, which the policy still
 * governs, since the browser checks a URL against it before any request is made. One page of each
 * template for both kinds of visitor (measured at once; asked first, who rejects or accepts),
 * client-side navigation between the templates, the menus on desktop and phone, the consultation
 * modal with a sent request, and the CMS: no violation, and each works. An inline script put
 * into a page does not run. (Every other page is loaded under its policy by the axe sweeps,
 * which fail on a violation too: e2e/lib/axe.ts.)
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { adminPolicy, scriptSources } from "../gatsby/lib/csp";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { closeBrowser, DESKTOP, newPage, openHydrated, PHONE } from "./lib/browser";
import { expectedPolicy, watchViolations } from "./lib/csp";
import type { OutsideLog, OutsideOptions } from "./lib/outside";
import { nextFrames, until, waitFor } from "./lib/wait";

after(closeBrowser);

interface Watch {
  page: Page;
  context: BrowserContext;
  outside: OutsideLog;
  /** Every violation the pages reported: `securitypolicyviolation` events and console reports. */
  violations: string[];
}

/** A page whose violations are recorded from the first script on, across navigations. */
async function watched(viewport = DESKTOP, outsideOptions: OutsideOptions = {}): Promise<Watch> {
  const { page, context, outside } = await newPage(viewport, {}, outsideOptions);
  const violations = await watchViolations(context, page);
  return { page, context, outside, violations };
}

/** Opens a path, checks it was served under its own policy, and waits for the page to hydrate. */
async function visit(page: Page, path: string, policy = expectedPolicy(path)) {
  const response = page.waitForResponse(
    (r) => new URL(r.url()).pathname === path && r.request().isNavigationRequest(),
  );
  await openHydrated(page, path);
  assert.equal(
    (await response).headers()["content-security-policy"],
    policy,
    `${path} is served with the policy`,
  );
}

/** Analytics ran on this page: gtag.js loaded and sent the page view (both governed by the policy). */
async function analyticsRan(outside: OutsideLog, path: string, collectsBefore: number) {
  await waitFor(
    async () => outside.collects.length > collectsBefore,
    `analytics sent a hit on ${path}`,
    8000,
  );
  assert.ok(outside.tags.length > 0, "gtag.js was requested");
}

test("the listener sees a violation when there is one (so the tests below can fail)", async () => {
  const { page, context, violations } = await watched();
  await visit(page, "/about");
  await page.evaluate(() => fetch("https://not-allowed.example/").catch(() => undefined));
  await waitFor(async () => violations.some((v) => v.includes("connect-src")), "a connect-src violation");
  await context.close();
});

test("an inline script put into a page does not run: only the page's own scripts are allowed", async () => {
  const { page, context, violations } = await watched();
  // The page as served, headers and all, with one script more: what an injection would add.
  await page.route(
    (url) => url.pathname === "/about",
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "</head>",
        "<script>window.__injected = true</script></head>",
      );
      await route.fulfill({ response, body: html });
    },
  );
  await visit(page, "/about");
  assert.ok(!scriptSources(expectedPolicy("/about")).includes("'unsafe-inline'"));
  assert.equal(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
    undefined,
  );
  await waitFor(
    async () => violations.some((v) => /script-src(-elem)? blocked inline/.test(v)),
    "the browser reported the blocked script",
  );
  await context.close();
});

test("every template, with analytics on and the country looked up: no violation", async () => {
  const { page, context, outside, violations } = await watched();
  for (const path of samplePaths()) {
    const before = outside.collects.length;
    await visit(page, path);
    await analyticsRan(outside, path, before);
  }
  assert.ok(outside.lookups.length > 0, "the country lookup ran");
  assert.deepEqual(outside.blocked, []);
  assert.deepEqual(violations, []);
  await context.close();
});

test("the desktop mega menu and the modal, with a request sent: no violation", async () => {
  const { page, context, outside, violations } = await watched();
  const path = routeTable().routes.find((r) => r.template === "service")!.path;
  await visit(page, path);
  await analyticsRan(outside, path, 0);

  const services = page.getByRole("button", { name: "Services" });
  await services.click();
  await page.locator("#mega-services").getByRole("link").first().waitFor();
  assert.equal(await services.getAttribute("aria-expanded"), "true");
  // Closed again (the pointer leaves it, Escape), so it does not cover the page's buttons.
  await page.mouse.move(DESKTOP.width / 2, DESKTOP.height - 20);
  await page.keyboard.press("Escape");
  await until(services, ([button]) => button.getAttribute("aria-expanded") === "false");

  await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
  const modal = page.getByRole("dialog", { name: "Book a free consultation" });
  const submit = modal.getByRole("button", { name: "Book my free consultation" });
  await until(submit, ([button]: [HTMLButtonElement, null]) => !button.disabled);
  await modal.getByLabel("Full name").fill("Grace Hopper");
  await modal.getByLabel("Work email").fill(`csp-${Date.now()}@navy.example`);
  await modal
    .getByLabel("Project details")
    .fill("We want a compiler for our business rules, with a web editor.");
  await modal.getByRole("checkbox", { name: /may contact me/ }).check();
  const sent = page.waitForResponse(
    (r) => r.url().endsWith("/api/consultation") && r.request().method() === "POST",
  );
  await submit.click();
  assert.equal((await sent).status(), 201);
  await modal.getByRole("heading", { name: "Thank you, we have your request" }).waitFor();

  assert.deepEqual(outside.blocked, []);
  assert.deepEqual(violations, []);
  await context.close();
});

const ASKED_FIRST: OutsideOptions = {
  countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.7", country: "GB" }) },
};

test("a measured visitor whose browser has no service worker: Partytown is not started (it would run the tag on the page), no violation", async () => {
  const { page, context, outside } = await newPage(DESKTOP);
  const violations = await watchViolations(context, page);
  await context.addInitScript({
    content:
      "Object.defineProperty(Navigator.prototype, 'serviceWorker', { get: function () { return undefined; } });",
  });
  const partytown: string[] = [];
  page.on("request", (r) => void (r.url().includes("/~partytown/") && partytown.push(r.url())));
  await openHydrated(page, "/about");
  // The tag's scripts are in the page: Partytown would start now, and, with no service worker,
  // run them on the page as inline scripts the policy blocks.
  await page.locator('script[type="text/partytown"]').first().waitFor({ state: "attached" });
  await nextFrames(page);
  assert.deepEqual(partytown, []);
  assert.deepEqual(violations, []);
  assert.equal(outside.collects.length, 0, "nothing measured");
  await context.close();
});

test("a visitor asked first (GB) who rejects, on every template: the banner, no analytics, no violation", async () => {
  const { page, context, outside, violations } = await watched(DESKTOP, ASKED_FIRST);
  for (const [i, path] of samplePaths().entries()) {
    await visit(page, path);
    // Asked on the first page; the choice holds on the next ones.
    if (i === 0) await page.getByRole("button", { name: "Reject" }).click();
  }
  assert.deepEqual(outside.tags, []);
  assert.deepEqual(violations, []);
  await context.close();
});

test("a visitor asked first (GB) who accepts, then moves between the templates client-side: no violation", async () => {
  const { page, context, outside, violations } = await watched(DESKTOP, ASKED_FIRST);
  await visit(page, "/about");
  await page.getByRole("button", { name: "Accept analytics" }).click();
  await analyticsRan(outside, "/about", 0);
  for (const path of samplePaths().filter((p) => p !== "/about")) {
    const before = outside.collects.length;
    await page.evaluate((to) => window.___navigate(to), path);
    await page.waitForURL((url) => url.pathname === path);
    // The page view of the navigation, sent by the tag in the worker.
    await analyticsRan(outside, path, before);
  }
  assert.deepEqual(violations, []);
  await context.close();
});

test("the phone menu at 375 px: no violation", async () => {
  const { page, context, violations } = await watched(PHONE);
  await visit(page, "/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link").first().waitFor();
  assert.deepEqual(violations, []);
  await context.close();
});

test("the CMS at /admin/ starts under its own policy: no violation", async () => {
  const { page, context, violations } = await watched();
  const response = await page.goto("/admin/");
  assert.equal(response?.headers()["content-security-policy"], adminPolicy());
  // Decap has loaded its bundle, read its configuration and shows its login.
  await page.getByRole("button", { name: /Login/ }).waitFor({ timeout: 20_000 });
  // On a localhost page (only here, never on the site's own domain) Decap probes its local
  // proxy, which the production policy blocks by design (e2e/cms-security.test.ts): that probe,
  // and nothing else.
  const probe = /localhost:8081/;
  assert.deepEqual(
    violations.filter((v) => !probe.test(v)),
    [],
  );
  await context.close();
});
