/**
 * An editor adds a case study the way the editing guide says: one YAML file and its images in
 * content/. After a build it appears everywhere the guide promises, with no code change. The site
 * with that file added is the run's grown site (test/harness/grownSite.ts, built once beside the
 * main build, with 1,000 more case studies: the works index has many pages).
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, getBrowser, PHONE } from "./lib/browser";
import { EDITOR_SLUG as SLUG, grownSiteUrl } from "../test/harness/grownSite";

const server = { url: grownSiteUrl() };

after(closeBrowser);

/** The works index's pages, as many as the sitemap lists. */
async function worksIndexHtml(): Promise<string> {
  const sitemap = await (await fetch(`${server.url}/sitemap-0.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>[^<]*?(\/works(?:\/page\/\d+)?)<\/loc>/g)].map((m) => m[1]);
  assert.ok(pages.length > 1, "the works index has pages");
  return (await Promise.all(pages.map(async (p) => (await fetch(`${server.url}${p}`)).text()))).join("\n");
}

test("the new case study has its page and is on /works", async () => {
  const page = await (await fetch(`${server.url}/works/${SLUG}`)).text();
  assert.match(page, /Live container tracking that customers check instead of calling/);
  assert.ok((await worksIndexHtml()).includes(`href="/works/${SLUG}"`));
});

test("it is in the sitemap", async () => {
  const sitemap = await (await fetch(`${server.url}/sitemap-0.xml`)).text();
  assert.ok(sitemap.includes(`/works/${SLUG}</loc>`));
});

test("its industry page and its services' pages list it", async () => {
  for (const p of ["/industries/ai-in-transportation", "/services/react-native-development"]) {
    const html = await (await fetch(`${server.url}${p}`)).text();
    assert.ok(html.includes(`href="/works/${SLUG}"`), p);
  }
});

test("the mobile menu's Portfolio list includes it", async () => {
  const context = await (await getBrowser()).newContext({ viewport: PHONE, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Portfolio" }).click();
  assert.equal(
    await menu.getByRole("link", { name: "Harbour Freight" }).getAttribute("href"),
    `/works/${SLUG}`,
  );
  await context.close();
});
