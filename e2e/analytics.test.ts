import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, newPage } from "./lib/browser";
import { headOf, staticHtml } from "./lib/html";
import { E2E_MEASUREMENT_ID } from "./lib/outside";
import { consentDefault, dataLayer } from "./lib/gtag";
import { waitFor } from "./lib/wait";

/**
 * The site is built by e2e/run.ts with GATSBY_GA_MEASUREMENT_ID set. gtag.js loads on the main
 * thread at idle time after hydration; e2e/lib/outside.ts answers it with a stand-in that turns
 * the dataLayer into collect requests, so these tests see what the real tag would send. The
 * default country lookup answer (JP) is outside the consent regions: analytics loads without a
 * banner (e2e/consent.test.ts has the visitors who are asked).
 */
const ID = process.env.GATSBY_GA_MEASUREMENT_ID || E2E_MEASUREMENT_ID;

after(closeBrowser);

test("no page has a tag in its static HTML, nor Partytown: the tag is added at idle time", async () => {
  for (const path of ["/", "/new-home", "/about", "/services/nlp-solutions", "/works/humm", "/uk"]) {
    const html = await staticHtml(path);
    assert.doesNotMatch(headOf(html), /data-partytown/, `${path}: no Partytown snippet`);
    assert.doesNotMatch(html, /text\/partytown|__third-party-proxy/, `${path}: no Partytown script`);
    assert.doesNotMatch(html, /googletagmanager\.com/, `${path}: no tag before hydration`);
  }
});

test("after load gtag.js runs on the main thread, once, after consent default, and counts the page once", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/services/nlp-solutions");
  await waitFor(
    async () => outside.collects.some((u) => u.searchParams.get("en") === "config"),
    "the config event to be sent",
    10_000,
  );
  assert.equal(outside.tags.length, 1);
  assert.equal(outside.tags[0].searchParams.get("id"), ID);
  const config = outside.collects.filter((u) => u.searchParams.get("en") === "config");
  assert.equal(config.length, 1);
  assert.equal(config[0].searchParams.get("tid"), ID);
  // Consent Mode v2: the default comes before anything else; advertising is always denied.
  const commands = await dataLayer(page);
  assert.deepEqual(commands[0], consentDefault("granted"));
  assert.ok(commands.findIndex((c) => c[0] === "config") > 0, "the config event after consent default");
  assert.deepEqual(outside.blocked, []);
  await context.close();
});

test("a client-side route change sends a page_view with the new path and title", async () => {
  const { page, context, outside } = await newPage();
  await page.goto("/");
  await waitFor(
    async () => outside.collects.some((u) => u.searchParams.get("en") === "config"),
    "the config event to be sent",
    10_000,
  );
  await page.locator("main a[href='/works']").first().click();
  await page.waitForURL("**/works");
  await waitFor(
    async () => outside.collects.some((u) => u.searchParams.get("en") === "page_view"),
    "a page_view to be sent",
    10_000,
  );
  const views = outside.collects.filter((u) => u.searchParams.get("en") === "page_view");
  assert.equal(views.length, 1);
  assert.equal(views[0].searchParams.get("ep.page_path"), "/works");
  assert.equal(views[0].searchParams.get("ep.page_title"), await page.title());
  // The first load was counted by the config event, not by an extra page_view; the tag is not
  // loaded again.
  assert.equal(outside.collects.filter((u) => u.searchParams.get("en") === "config").length, 1);
  assert.equal(outside.tags.length, 1);
  await context.close();
});
