import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, newPage } from "./lib/browser";
import { headOf, staticHtml } from "./lib/html";
import { E2E_MEASUREMENT_ID, isLocal } from "./lib/outside";

/**
 * The site is built by e2e/run.ts with GATSBY_GA_MEASUREMENT_ID set. Partytown's worker fetches
 * gtag.js through Gatsby's proxy; e2e/lib/outside.ts answers with a stand-in that turns the
 * dataLayer into collect requests, so these tests see what the real tag would send.
 */
const ID = process.env.GATSBY_GA_MEASUREMENT_ID || E2E_MEASUREMENT_ID;
const GTAG_URL = `https://www.googletagmanager.com/gtag/js?id=${ID}`;

after(closeBrowser);

test("every kind of page has gtag as an off-main-thread (Partytown) script with the id and the config event", async () => {
  for (const path of ["/", "/new-home", "/about", "/services/nlp-solutions", "/works/humm", "/uk"]) {
    const html = await staticHtml(path);
    assert.match(headOf(html), /<script data-partytown="">/, `${path}: Partytown snippet`);
    const src = `/__third-party-proxy?url=${encodeURIComponent(GTAG_URL)}`;
    assert.ok(
      html.includes(`<script type="text/partytown" src="${src}" data-strategy="off-main-thread"`),
      `${path}: gtag.js off the main thread`,
    );
    assert.match(
      html,
      new RegExp(
        `<script type="text/partytown" data-strategy="off-main-thread"[^>]*id="gtag-config"[^>]*>[^<]*gtag\\('config', "${ID}"\\);`,
      ),
      `${path}: config event`,
    );
    // Nothing loads gtag on the main thread.
    assert.doesNotMatch(html, /<script[^>]*src="https:\/\/www\.googletagmanager\.com/, path);
  }
});

test("at page load the worker runs gtag.js and sends the configuration event with the id", async () => {
  const { page, context, outside } = await newPage();
  const mainThreadScripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script" && !isLocal(r.url())) mainThreadScripts.push(r.url());
  });
  await page.goto("/services/nlp-solutions");
  await page.waitForFunction(() => typeof (window as unknown as { gtag?: unknown }).gtag === "function");
  await assertEventually(() => outside.collects.some((u) => u.searchParams.get("en") === "config"));
  const config = outside.collects.filter((u) => u.searchParams.get("en") === "config");
  assert.equal(config.length, 1);
  assert.equal(config[0].searchParams.get("tid"), ID);
  assert.deepEqual(mainThreadScripts, []);
  assert.deepEqual(outside.blocked, []);
  await context.close();
});

test("a client-side route change sends a page_view with the new path and title", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/");
  await assertEventually(() => outside.collects.some((u) => u.searchParams.get("en") === "config"));
  await page.locator("main a[href='/works']").first().click();
  await page.waitForURL("**/works");
  await assertEventually(() => outside.collects.some((u) => u.searchParams.get("en") === "page_view"));
  const views = outside.collects.filter((u) => u.searchParams.get("en") === "page_view");
  assert.equal(views.length, 1);
  assert.equal(views[0].searchParams.get("ep.page_path"), "/works");
  assert.equal(views[0].searchParams.get("ep.page_title"), await page.title());
  // The first load was counted by the config event, not by an extra page_view.
  assert.equal(outside.collects.filter((u) => u.searchParams.get("en") === "config").length, 1);
  await context.close();
});

async function assertEventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) assert.fail("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}
