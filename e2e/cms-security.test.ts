/**
 * The admin's security, in a real browser against the built site: its Content-Security-Policy
 * holds for every collection and the preview (any violation is reported), what breaks without
 * 'unsafe-eval' (measured, so the policy keeps it only while Decap needs it), no local server
 * in production, no framing, and where the sign-in lives.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { buildCmsConfig } from "../shared/cmsConfig";
import { baseUrl, newPage } from "./lib/browser";
import { DECAP_LOCAL_API, openAdmin, previewFrame, localBackendForTests, withoutSource } from "./lib/cms";

const backend = localBackendForTests();

const LABELS = buildCmsConfig().collections.map((c) => c.label);

/**
 * Opens every collection of the sidebar, its first entry and that entry's preview; returns
 * what each showed (the preview's first heading).
 */
async function visitEverything(page: Page): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const label of LABELS) {
    await page.goto("/admin/#/");
    await page.getByRole("link", { name: label, exact: true }).first().click();
    // A folder collection lists its entries; a settings collection its one file.
    await page.locator('a[href*="/entries/"]').first().click();
    // Every preview is a page in the layout (main), or the footer on its own.
    const preview = previewFrame(page);
    await preview.locator("main, footer").first().waitFor({ timeout: 60_000 });
    const heading = preview.locator("main h1, footer h2").first();
    seen[label] = (await heading.textContent())?.trim() ?? "";
  }
  return seen;
}

test("under the production policy every collection, an entry of each and its preview load with no violation", async () => {
  const { page, context } = await newPage({ width: 1400, height: 900 });
  const admin = await openAdmin(page, backend());
  const seen = await visitEverything(page);
  assert.deepEqual(Object.keys(seen), LABELS);
  assert.deepEqual(admin.violations, []);
  await context.close();
});

test("without 'unsafe-eval' the admin cannot start: Decap compiles its config validator with new Function", async (t) => {
  const { page, context } = await newPage({ width: 1400, height: 900 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const admin = await openAdmin(page, backend(), (p) => withoutSource(p, "script-src", "'unsafe-eval'"), {
    login: false,
  });
  assert.doesNotMatch(admin.policy(), /unsafe-eval/);
  // What breaks, as the browser reports it.
  await page.getByText("Error loading the CMS configuration").waitFor();
  const shown = await page.locator("body").innerText();
  t.diagnostic(`violations: ${JSON.stringify(admin.violations)}`);
  t.diagnostic(`page errors: ${JSON.stringify(errors)}`);
  t.diagnostic(`admin shows: ${shown.slice(0, 300).replace(/\s+/g, " ")}`);
  // Only eval is refused, and that alone stops the admin before it shows a single collection.
  assert.ok(admin.violations.includes("script-src eval"), JSON.stringify(admin.violations));
  assert.deepEqual(
    admin.violations.filter((v) => !/eval/.test(v)),
    [],
  );
  assert.ok(
    errors.some((e) => /'unsafe-eval' is not an allowed source/.test(e)),
    JSON.stringify(errors),
  );
  assert.equal(await page.getByRole("button", { name: "Login", exact: true }).count(), 0);
  await context.close();
});

test("the production policy lets the admin reach no local server: it offers GitHub's sign-in instead", async () => {
  const { page, context } = await newPage({ width: 1400, height: 900 });
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/.test(m.text()) && violations.push(m.text()));
  let reached = false;
  await page.route(DECAP_LOCAL_API, (route) => {
    reached = true;
    return route.continue({ url: backend().apiUrl });
  });
  await page.goto("/admin/", { waitUntil: "domcontentloaded" });
  await page.getByRole("button", { name: "Login with GitHub" }).waitFor();
  assert.equal(reached, false);
  assert.ok(
    violations.some((v) => v.includes("localhost:8081") && v.includes("connect-src")),
    violations.join("\n"),
  );
  await context.close();
});

test("no page can frame the admin (frame-ancestors 'none', X-Frame-Options DENY)", async () => {
  const { page, context } = await newPage();
  const response = await page.request.get(`${baseUrl()}/admin/`);
  assert.match(response.headers()["content-security-policy"], /frame-ancestors 'none'/);
  assert.equal(response.headers()["x-frame-options"], "DENY");
  await page.goto("/");
  const framed = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const frame = document.createElement("iframe");
        frame.src = "/admin/";
        frame.onload = () => {
          try {
            resolve(frame.contentDocument?.title ?? "blocked");
          } catch {
            resolve("blocked");
          }
        };
        document.body.append(frame);
      }),
  );
  assert.doesNotMatch(framed, /Content manager/);
  await context.close();
});

test("the sign-in is kept in the browser's local storage until Log Out, which removes it", async () => {
  const { page, context } = await newPage({ width: 1400, height: 900 });
  await openAdmin(page, backend());
  await page.getByRole("link", { name: LABELS[0], exact: true }).first().waitFor();
  const stored = () => page.evaluate(() => window.localStorage.getItem("decap-cms-user"));
  assert.ok(await stored(), "decap-cms-user after signing in");
  // Decap's account menu: the avatar at the top right (a menu button with no name of its own).
  await page.locator('[role="button"][aria-haspopup="true"]').filter({ hasText: /^\s*$/ }).click();
  await page.getByRole("menuitem", { name: /log out/i }).click();
  await page.getByRole("button", { name: "Login", exact: true }).waitFor();
  assert.equal(await stored(), null);
  await context.close();
});
