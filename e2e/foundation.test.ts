import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { baseUrl, closeBrowser, newPage } from "./lib/browser";
import { routeTable } from "../test/harness/routes";
import { createDocument } from "@mixmark-io/domino";

const { routes, siteUrl } = routeTable();

after(closeBrowser);

describe("every route in the route table", () => {
  // Every page, from the HTML the server sends (what a crawler reads, and what hydration keeps):
  // a browser per page would take minutes; the browser tests visit a page of each template.
  test("answers 200 with one h1, a title, a description and the layout (but /new-home)", async () => {
    const problems: string[] = [];
    for (const route of routes) {
      const response = await fetch(`${baseUrl()}${route.path}`);
      if (response.status !== 200) problems.push(`${route.path}: status ${response.status}`);
      const document = createDocument(await response.text());
      const h1 = document.querySelectorAll("h1").length;
      if (h1 !== 1) problems.push(`${route.path}: ${h1} h1 elements`);
      const title = document.title;
      if (!/ \| /.test(title)) problems.push(`${route.path}: title "${title}"`);
      const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
      if (!description || description.length < 50) problems.push(`${route.path}: no meta description`);
      // Inside Gatsby's root (domino's selectors take no `body > div x` chain).
      const root = document.getElementById("___gatsby");
      const header = root?.querySelectorAll("header nav[aria-label='Main']").length ?? 0;
      const footer = root?.querySelectorAll("footer").length ?? 0;
      const hasLayout = header === 1 && footer === 1;
      if (hasLayout !== route.layout)
        problems.push(`${route.path}: layout ${hasLayout ? "present" : "missing"}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(routes.length >= 113, `expected the full site, got ${routes.length} routes`);
  });

  test("/new-home with a trailing slash also renders without the shared layout", async () => {
    const { page, context } = await newPage();
    const response = await page.goto("/new-home/");
    assert.equal(response?.status(), 200);
    assert.equal(await page.locator("nav[aria-label='Main']").count(), 0);
    assert.equal(await page.locator("h1").count(), 1);
    await context.close();
  });
});

test("the home page title is the site name with its tagline, and has the #a section", async () => {
  const { page, context } = await newPage();
  await page.goto("/");
  assert.match(await page.title(), /^Copperline Labs \| .+/);
  assert.equal(await page.locator("section#a h2").count(), 1);
  await context.close();
});

test("every page has lang, favicon, apple-touch-icon and manifest links", async () => {
  const { page, context } = await newPage();
  for (const path of ["/", "/about", "/services/nlp-solutions", "/works/lighthouse_storage", "/uk"]) {
    await page.goto(path);
    assert.equal(await page.locator("html").getAttribute("lang"), "en", path);
    assert.equal(await page.locator('link[rel="icon"]').count(), 1, `${path} favicon`);
    assert.ok((await page.locator('link[rel="apple-touch-icon"]').count()) >= 1, `${path} apple-touch-icon`);
    assert.equal(await page.locator('link[rel="manifest"]').count(), 1, `${path} manifest`);
  }
  const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
  assert.equal(manifest.status, 200);
  assert.equal((await manifest.json()).name, "Copperline Labs");
  await context.close();
});

test("an unknown path answers 404 with the not-found page", async () => {
  const { page, context } = await newPage();
  const response = await page.goto("/no-such-page");
  assert.equal(response?.status(), 404);
  assert.match(await page.locator("h1").innerText(), /could not find/i);
  await context.close();
});

test("the sitemap lists exactly the route table's public pages, with absolute URLs", async () => {
  const index = await (await fetch(`${baseUrl()}/sitemap-index.xml`)).text();
  assert.match(index, new RegExp(`<loc>${siteUrl}/sitemap-0.xml</loc>`));
  const xml = await (await fetch(`${baseUrl()}/sitemap-0.xml`)).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
  const expected = routes
    .filter((r) => r.indexed)
    .map((r) => `${siteUrl}${r.path}`)
    .sort();
  assert.deepEqual(listed, expected);
});
