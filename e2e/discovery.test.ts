/**
 * Discovery outputs of the build, checked on the site as served (`npm start`'s server, with the
 * headers of gatsby/lib/headers.ts): the case-study feeds (parsed by a feed parser from npm), the
 * Markdown copy of every indexable page (its headings against the page's visible ones), the
 * links to both in every page's head, llms.txt and llms-full.txt, and the host's _headers rules.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, describe, test } from "node:test";
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { FEEDS, MARKDOWN_CONTENT_TYPE, markdownPath } from "../shared/alternates";
import { loadContent } from "../gatsby/lib/content";
import { markdownHeadings } from "../gatsby/lib/markdown";
import { routeTable } from "../test/harness/routes";
import { baseUrl, closeBrowser, newPage, openHydrated } from "./lib/browser";
import { headOf, local, staticHtml, tags } from "./lib/html";
import { NOT_FOUND_PATH } from "./lib/axe";

after(closeBrowser);

const { routes, siteUrl } = routeTable();
const content = loadContent("content");
const indexed = routes.filter((r) => r.indexed);
const noindex = routes.filter((r) => !r.indexed);

describe("case-study feeds", () => {
  const newestFirst = [...content.works].sort((a, b) => b.year - a.year).map((w) => w.year);

  test("the Atom feed is valid, newest first, with every case study's title, summary, link, categories and image", async () => {
    const response = await fetch(`${baseUrl()}${FEEDS.atom.path}`);
    assert.equal(response.status, 200);
    const xml = await response.text();
    const feed = extractFromXml(xml, { normalization: true });
    assert.equal(feed.entries?.length, content.works.length);
    const years = feed.entries!.map((e) => new Date(e.published!).getUTCFullYear());
    assert.deepEqual(years, newestFirst);
    for (const entry of feed.entries!) {
      const slug = entry.link!.replace(`${siteUrl}/works/`, "");
      const work = content.works.find((w) => w.slug === slug);
      assert.ok(work, entry.link);
      assert.equal(entry.title, `${work.client}: ${work.title}`);
      assert.ok(
        entry.description!.startsWith(work.description.replace(/\s+/g, " ").trim().slice(0, 40)),
        slug,
      );
    }
    const entry = xml.split("<entry>").find((e) => e.includes(`<id>${siteUrl}/works/humm</id>`))!;
    assert.ok(entry, "Humm's entry");
    assert.match(entry, /<category label="Finance" term="finance"/);
    assert.match(entry, /term="react-native-development"/);
    // The cover image is served.
    const image = /<img src="([^"]+)"/.exec(entry.replace(/&lt;/g, "<").replace(/&quot;/g, '"'))?.[1];
    assert.ok(image, "an image in the entry");
    assert.equal((await fetch(local(image!, siteUrl))).status, 200);
  });

  test("the JSON Feed 1.1 parses and carries the same entries, tags and images", async () => {
    const response = await fetch(`${baseUrl()}${FEEDS.json.path}`);
    assert.equal(response.status, 200);
    const json = (await response.json()) as {
      version: string;
      items: { url: string; tags: string[]; image: string; title: string }[];
    };
    assert.equal(json.version, "https://jsonfeed.org/version/1.1");
    const feed = extractFromJson(json);
    assert.equal(feed.entries?.length, content.works.length);
    const humm = json.items.find((i) => i.url === `${siteUrl}/works/humm`)!;
    assert.deepEqual(humm.tags, [
      "Finance",
      "React Native App Development",
      "Node.js Development",
      "UI Design",
    ]);
    assert.equal((await fetch(local(humm.image, siteUrl))).status, 200);
  });

  test("every page's head links both feeds; /works links them in the page too", async () => {
    for (const path of [...routes.map((r) => r.path), NOT_FOUND_PATH]) {
      const html =
        path === NOT_FOUND_PATH ? await (await fetch(`${baseUrl()}${path}`)).text() : await staticHtml(path);
      const links = tags(headOf(html), "link").filter(
        (l) => l.rel === "alternate" && /feed|atom/.test(l.type ?? ""),
      );
      assert.deepEqual(
        links.map((l) => [l.type, l.href]),
        [
          [FEEDS.atom.type, `${siteUrl}${FEEDS.atom.path}`],
          [FEEDS.json.type, `${siteUrl}${FEEDS.json.path}`],
        ],
        path,
      );
    }
    const { page, context } = await newPage();
    await openHydrated(page, "/works");
    assert.equal(await page.getByRole("link", { name: "Atom feed" }).getAttribute("href"), FEEDS.atom.path);
    assert.equal(await page.getByRole("link", { name: "JSON Feed" }).getAttribute("href"), FEEDS.json.path);
    await context.close();
  });
});

describe("a Markdown copy of every indexable page", () => {
  test("served at <path>.md as text/markdown; charset=utf-8, linked from the page's head", async () => {
    for (const route of indexed) {
      const url = `${baseUrl()}${markdownPath(route.path)}`;
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get("content-type"), MARKDOWN_CONTENT_TYPE, url);
      assert.ok(response.headers.get("content-security-policy"), `${url} carries the site's headers`);
      const md = await response.text();
      assert.ok(
        md.includes(`Source: ${route.path === "/" ? `${siteUrl}/` : `${siteUrl}${route.path}`}`),
        url,
      );
      const alternate = tags(headOf(await staticHtml(route.path)), "link").filter(
        (l) => l.rel === "alternate" && l.type === "text/markdown",
      );
      assert.deepEqual(
        alternate.map((l) => l.href),
        [`${siteUrl}${markdownPath(route.path)}`],
        route.path,
      );
    }
  });

  test("each copy has the page's visible main headings, in the same order", async () => {
    // The page as rendered from its HTML (what the copy is made from; hydration adds no heading).
    const { page, context } = await newPage(undefined, { javaScriptEnabled: false });
    // Which headings show depends on the markup and the styles, not on the pictures: not loading
    // them makes each of the 113 pages cheap to open.
    await context.route(/\.(avif|webp|png|jpe?g|gif|svg)(\?.*)?$/, (route) => route.abort());
    const problems: string[] = [];
    for (const route of indexed) {
      await page.goto(route.path, { waitUntil: "domcontentloaded" });
      // The headings a reader sees in <main>, outside the controls (the filters' and the
      // consultation form's), which the copy leaves out.
      const visible = await page.evaluate(() =>
        [...document.querySelectorAll("main :is(h1, h2, h3, h4, h5, h6)")]
          .filter((h) => !h.closest("form, dialog, [hidden], [aria-hidden='true']"))
          .filter((h) => (h as HTMLElement).offsetParent !== null || h.getClientRects().length > 0)
          .map((h) => `${h.tagName[1]} ${(h.textContent ?? "").replace(/\s+/g, " ").trim()}`),
      );
      const md = await (await fetch(`${baseUrl()}${markdownPath(route.path)}`)).text();
      const copied = markdownHeadings(md).map((h) => `${h.level} ${h.text}`);
      if (JSON.stringify(visible) !== JSON.stringify(copied))
        problems.push(`${route.path}:\n  page ${JSON.stringify(visible)}\n  copy ${JSON.stringify(copied)}`);
      if (visible.length === 0) problems.push(`${route.path}: no headings at all`);
    }
    await context.close();
    assert.deepEqual(problems, []);
  });

  test("noindex pages have no copy and no Markdown link", async () => {
    assert.ok(noindex.length > 0);
    for (const route of noindex) {
      const response = await fetch(`${baseUrl()}${markdownPath(route.path)}`);
      assert.equal(response.status, 404, route.path);
      const head = headOf(await staticHtml(route.path));
      assert.equal(tags(head, "link").filter((l) => l.type === "text/markdown").length, 0, route.path);
    }
    const notFound = headOf(await (await fetch(`${baseUrl()}${NOT_FOUND_PATH}`)).text());
    assert.equal(tags(notFound, "link").filter((l) => l.type === "text/markdown").length, 0);
    assert.equal((await fetch(`${baseUrl()}/404.md`)).status, 404);
    assert.equal((await fetch(`${baseUrl()}/admin.md`)).status, 404);
  });

  test("llms.txt links every copy; llms-full.txt holds them all", async () => {
    const llms = await (await fetch(`${baseUrl()}/llms.txt`)).text();
    const full = await (await fetch(`${baseUrl()}/llms-full.txt`)).text();
    for (const route of indexed) {
      const md = `${siteUrl}${markdownPath(route.path)}`;
      assert.ok(llms.includes(md), `llms.txt links ${md}`);
      const copy = await (await fetch(`${baseUrl()}${markdownPath(route.path)}`)).text();
      assert.ok(full.includes(copy.trim()), `llms-full.txt holds ${route.path}`);
    }
    assert.ok(llms.includes(`${siteUrl}/llms-full.txt`));
    assert.ok(llms.includes(`](${siteUrl}${FEEDS.atom.path})`));
    assert.ok(llms.includes(`](${siteUrl}${FEEDS.json.path})`));
  });

  test("Netlify's _headers names each copy with the Markdown type", () => {
    const headers = fs.readFileSync(path.resolve("public/_headers"), "utf8");
    for (const route of indexed)
      assert.ok(
        headers.includes(`\n${markdownPath(route.path)}\n  content-type: ${MARKDOWN_CONTENT_TYPE}\n`),
        markdownPath(route.path),
      );
  });
});

describe("the search index", () => {
  test("holds the indexable pages only: not /new-home, /admin or the 404", async () => {
    const { page, context } = await newPage();
    await page.goto("/robots.txt");
    const urls = await page.evaluate(async () => {
      const pagefind = (await import(/* webpackIgnore: true */ "/pagefind/pagefind.js" as string)) as {
        init(): Promise<void>;
        search(t: string | null): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
      };
      await pagefind.init();
      // A null search lists every page of the index.
      const all = await pagefind.search(null);
      return Promise.all(all.results.map(async (r) => (await r.data()).url));
    });
    await context.close();
    assert.deepEqual([...urls].sort(), indexed.map((r) => r.path).sort());
  });
});
