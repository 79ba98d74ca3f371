/**
 * The works index once the portfolio outgrows one page many times over: the run's grown site
 * (test/harness/grownSite.ts: 1,001 more case studies, 22 pages of 48, built once beside the
 * main build), which a visitor pages through and filters.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import type { Page } from "playwright-core";
import { loadContent } from "../gatsby/lib/content";
import { sortWorks } from "../gatsby/lib/portfolioOrder";
import { WORKS_PER_PAGE } from "../shared/routes";
import { closeBrowser, DESKTOP, getBrowser } from "./lib/browser";
import { GROWN_SITE_DIR, grownSiteUrl } from "../test/harness/grownSite";

const server = { url: grownSiteUrl() };
const content = path.join(GROWN_SITE_DIR, "content");
const total = fs.readdirSync(path.join(content, "works")).filter((f) => f.endsWith(".yaml")).length;
const pageCount = Math.ceil(total / WORKS_PER_PAGE);
/** The index's pages: /works, then /works/page/2 on. */
const indexPages = Array.from({ length: pageCount }, (_, i) => (i ? `/works/page/${i + 1}` : "/works"));

after(closeBrowser);

async function openPage(path: string): Promise<Page> {
  const context = await (await getBrowser()).newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return page;
}

const cardClients = (page: Page) =>
  page.getByRole("region", { name: "Case studies" }).getByRole("heading", { level: 3 }).allInnerTexts();

test("each page lists its share of the case studies and links to every page", async () => {
  assert.ok(pageCount > 20, `${pageCount} pages`);
  const first = await openPage("/works");
  assert.equal((await cardClients(first)).length, WORKS_PER_PAGE);
  assert.match(
    await first.getByRole("status").innerText(),
    new RegExp(`Showing 1–48 of ${total} case studies`),
  );
  const nav = first.getByRole("navigation", { name: "Case study pages" });
  await nav.getByRole("link", { name: `Page ${pageCount}` }).click();
  await first.waitForURL(new RegExp(`/works/page/${pageCount}$`));
  const shownBefore = (pageCount - 1) * WORKS_PER_PAGE;
  await first
    .getByRole("status")
    .filter({ hasText: `Showing ${shownBefore + 1}–${total}` })
    .waitFor();
  assert.equal((await cardClients(first)).length, total - shownBefore);
  // Each page has its own title, so search results can tell them apart.
  assert.match(await first.title(), new RegExp(`^[^,|]+, page ${pageCount} \\| Copperline Labs$`));
  await first.context().close();
});

test("the pages together list every case study once, in portfolio order", async () => {
  // gatsby/lib/portfolioOrder.ts; the generated case studies share years, so the client and slug
  // tie-breaks decide much of it.
  const expected = sortWorks(loadContent(content).works).map((w) => w.client);
  const listed: string[] = [];
  const page = await openPage("/works");
  for (const p of indexPages) {
    if (p !== "/works") await page.goto(p);
    listed.push(...(await cardClients(page)));
  }
  await page.context().close();
  assert.deepEqual(listed, expected);
});

test("the sitemap lists every page of the index", async () => {
  const xml = await (await fetch(`${server.url}/sitemap-0.xml`)).text();
  for (const p of indexPages) assert.match(xml, new RegExp(`${p}</loc>`));
});

test("a page's data carries its own cards only, not all of them", async () => {
  const json = await (await fetch(`${server.url}/page-data/works/page-data.json`)).json();
  assert.equal(json.result.data.allWork.nodes.length, WORKS_PER_PAGE);
  assert.equal(json.result.pageContext.portfolio.works.length, total);
});

test("a filter searches every page, not only the one the visitor is on", async () => {
  const page = await openPage("/works/page/2");
  const fetched: string[] = [];
  // What the page's own code fetches (Gatsby's prefetching of linked pages is not fetch()).
  page.on("request", (request) => {
    if (request.resourceType() === "fetch") fetched.push(new URL(request.url()).pathname);
  });
  const before = new Set(await cardClients(page));
  await page.getByRole("combobox", { name: "Platform", exact: true }).selectOption("ai-ml");
  await page
    .getByRole("status")
    .filter({ hasText: /^Showing \d+ of \d+ case studies$/ })
    .waitFor();
  const [, shown] = /Showing (\d+) of/.exec(await page.getByRole("status").innerText())!;
  const clients = await cardClients(page);
  assert.equal(clients.length, Number(shown));
  assert.ok(
    clients.some((c) => !before.has(c)),
    "some matches come from other pages",
  );
  assert.equal(await page.getByRole("navigation", { name: "Case study pages" }).count(), 0);
  // The other pages' cards come from the site's own files, not Gatsby's page-data of those pages.
  assert.equal(fetched.filter((p) => p.startsWith("/data/works/")).length, pageCount - 1);
  assert.deepEqual(
    fetched.filter((p) => p.startsWith("/page-data/works/")),
    [],
  );
  await page.context().close();
});
