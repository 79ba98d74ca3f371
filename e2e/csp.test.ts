/**
 * The Content-Security-Policy holds in a real browser: the site is served with exactly the headers
 * of gatsby/lib/headers.ts (scripts/serve.ts, the server of the whole e2e run; each response is
 * checked to carry the policy), analytics is configured (the run builds with a measurement id) and
 * allowed (a visitor from a country outside the consent regions; the lookup and gtag.js are the
 * stand-ins of e2e/lib/outside.ts, which the policy still governs, since the browser checks a URL
 * against it before any request is made). One page of each template, the menus on desktop and
 * phone, the consultation modal with a sent request, and the CMS: no violation, and each works.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { loadSite } from "../gatsby/lib/content";
import { adminPolicy, headerSettings, sitePolicy } from "../gatsby/lib/headers";
import { contentDir } from "../gatsby/lib/paths";
import { routeTable } from "../test/harness/routes";
import { closeBrowser, DESKTOP, newPage, openHydrated, PHONE } from "./lib/browser";
import type { OutsideLog, OutsideOptions } from "./lib/outside";
import { waitFor } from "./lib/wait";

after(closeBrowser);

const SITE_POLICY = sitePolicy(headerSettings(loadSite(contentDir())));

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
  const violations: string[] = [];
  await context.exposeBinding("__cspViolation", ({ frame }, text: string) => {
    violations.push(`${frame.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
      report(
        `${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return { page, context, outside, violations };
}

/** Opens a path, checks it was served under `policy`, and waits for the page to hydrate. */
async function visit(page: Page, path: string, policy = SITE_POLICY) {
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

/** One page of each template. */
function onePerTemplate(): string[] {
  const seen = new Map<string, string>();
  for (const route of routeTable().routes)
    if (!seen.has(route.template)) seen.set(route.template, route.path);
  return [...seen.values()];
}

test("the listener sees a violation when there is one (so the tests below can fail)", async () => {
  const { page, context, violations } = await watched();
  await visit(page, "/about");
  await page.evaluate(() => fetch("https://not-allowed.example/").catch(() => undefined));
  await waitFor(async () => violations.some((v) => v.includes("connect-src")), "a connect-src violation");
  await context.close();
});

test("every template, with analytics on and the country looked up: no violation", async () => {
  const { page, context, outside, violations } = await watched();
  const pages = onePerTemplate();
  assert.ok(pages.length >= 8, pages.join(", "));
  for (const path of pages) {
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
  await waitFor(async () => (await services.getAttribute("aria-expanded")) === "false", "the menu closed");

  await page.getByRole("main").getByRole("link", { name: "Get a free consultation" }).first().click();
  const modal = page.getByRole("dialog", { name: "Book a free consultation" });
  const submit = modal.getByRole("button", { name: "Book my free consultation" });
  await waitFor(() => submit.isEnabled(), "the form is ready");
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

test("a visitor asked first (GB): the consent banner, then analytics once accepted: no violation", async () => {
  const { page, context, outside, violations } = await watched(DESKTOP, {
    countryLookup: { status: 200, body: JSON.stringify({ ip: "192.0.2.7", country: "GB" }) },
  });
  await visit(page, "/about");
  await page.getByRole("button", { name: "Accept analytics" }).click();
  await analyticsRan(outside, "/about", 0);
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
