/**
 * The built site as a crawler sees it: raw HTML fetched from the server, no browser. Every page
 * carries all of its links in the static HTML (menus and footer included), so this sees what
 * visitors and search engines can follow; links added only after hydration would be missed,
 * which is why the site does not have any.
 */
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { normalizePath } from "../shared/routes";
import { baseUrl } from "./lib/browser";
import { tags } from "./lib/html";
import { routeTable } from "../test/harness/routes";

const { routes, siteUrl } = routeTable();
const SITE_ORIGIN = new URL(siteUrl).origin;
/** The CMS: a single-page app of its own; its status is checked, its links are not followed. */
const CMS_PATH = "/admin/";
const NOT_FOUND_PATH = "/no-such-page";
const CONCURRENCY = 8;

interface CrawledPage {
  status: number;
  html: boolean;
  ids: Set<string>;
  /** Internal pages linked from here (normalised paths). */
  links: Set<string>;
}

/** Maps an href or src on `from` to a local URL, or null when it leaves the site (mailto:, tel:, other hosts). */
function toLocal(raw: string, from: string): URL | null {
  const value = raw.trim();
  if (!value || /^(mailto|tel|javascript|data|blob):/i.test(value)) return null;
  const url = new URL(value, `${baseUrl()}${from}`);
  if (url.origin === SITE_ORIGIN) return new URL(`${url.pathname}${url.search}${url.hash}`, baseUrl());
  if (url.origin !== new URL(baseUrl()).origin) return null;
  return url;
}

/** A page's identity: the path without its trailing slash (the server answers both). */
const pageKey = (url: URL) => normalizePath(decodeURIComponent(url.pathname));

/** Attribute values with lower-cased names (React writes srcSet). */
const attrsOf = (html: string, tag: string) =>
  tags(html, tag).map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k.toLowerCase(), v])));

const srcsetUrls = (srcset: string | undefined) =>
  (srcset ?? "")
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0])
    .filter(Boolean);

/** Runs `work` over a growing queue with a few requests in flight. */
async function drain<T>(queue: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < queue.length) await work(queue[next++]);
  };
  // Workers that find the queue empty stop; a page may add more, so go round until nothing is left.
  while (next < queue.length) await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

describe("links and images in the built site", () => {
  const pages = new Map<string, CrawledPage>();
  const problems: string[] = [];
  /** Anchors to check once every page is in: [page with the link, target page, id]. */
  const anchors: [string, string, string][] = [];
  /** Images and icons: URL -> the first page that uses it. */
  const assets = new Map<string, string>();
  /** Icons drawn from a sprite (`<use href="/icons/x.svg#name">`): sprite URL -> name -> first page. */
  const symbols = new Map<string, Map<string, string>>();
  let sitemapPaths: string[] = [];
  /** Where the crawl first found each page, for the failure message. */
  const foundOn = new Map<string, string>();

  const crawl = async (path: string): Promise<void> => {
    const response = await fetch(`${baseUrl()}${path}`);
    const type = response.headers.get("content-type") ?? "";
    const page: CrawledPage = {
      status: response.status,
      html: type.includes("text/html"),
      ids: new Set(),
      links: new Set(),
    };
    pages.set(path, page);
    const expected = path === NOT_FOUND_PATH ? 404 : 200;
    if (response.status !== expected) {
      problems.push(`${foundOn.get(path) ?? "seed"}: link to ${path}, which answers ${response.status}`);
      return;
    }
    if (!page.html || path === normalizePath(CMS_PATH)) return;
    const html = await response.text();
    for (const m of html.matchAll(/\sid="([^"]+)"/g)) page.ids.add(m[1]);

    for (const { href } of attrsOf(html, "a")) {
      if (href === undefined) continue;
      const url = toLocal(href, path);
      if (!url) continue;
      const target = pageKey(url);
      page.links.add(target);
      if (url.hash.length > 1) anchors.push([path, target, decodeURIComponent(url.hash.slice(1))]);
    }

    const asset = (raw: string | undefined, what: string) => {
      if (!raw) return;
      const url = toLocal(raw, path);
      if (!url) {
        if (!/^data:/.test(raw)) problems.push(`${path}: ${what} ${raw} is not on this site`);
        return;
      }
      url.hash = "";
      if (!assets.has(url.href)) assets.set(url.href, `${path} (${what})`);
    };
    for (const img of attrsOf(html, "img")) {
      asset(img.src, "img src");
      asset(img["data-src"], "img data-src");
      for (const u of [...srcsetUrls(img.srcset), ...srcsetUrls(img["data-srcset"])]) asset(u, "img srcset");
    }
    for (const { href } of attrsOf(html, "use")) {
      asset(href, "use href");
      const url = href ? toLocal(href, path) : undefined;
      if (!url || url.hash.length < 2) continue;
      const name = decodeURIComponent(url.hash.slice(1));
      url.hash = "";
      const names = symbols.get(url.href) ?? new Map<string, string>();
      if (!names.has(name)) names.set(name, path);
      symbols.set(url.href, names);
    }
    for (const source of attrsOf(html, "source")) {
      for (const u of [...srcsetUrls(source.srcset), ...srcsetUrls(source["data-srcset"])])
        asset(u, "source srcset");
    }
    for (const link of attrsOf(html, "link")) {
      const rel = (link.rel ?? "").toLowerCase().split(/\s+/);
      if (rel.some((r) => ["icon", "manifest", "apple-touch-icon"].includes(r)))
        asset(link.href, `link ${link.rel}`);
    }
    for (const meta of attrsOf(html, "meta")) {
      if (["og:image", "twitter:image"].includes(meta.property ?? meta.name ?? ""))
        asset(meta.content, meta.property ?? meta.name);
    }
  };

  before(async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap-0.xml`)).text();
    sitemapPaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pageKey(toLocal(m[1], "/")!));
    assert.ok(sitemapPaths.length > 100, `the sitemap lists ${sitemapPaths.length} pages`);

    // Every page reached from `/`, the sitemap or the 404 page, and every page those link to.
    const queue = [...new Set(["/", ...sitemapPaths, NOT_FOUND_PATH])];
    const queued = new Set(queue);
    for (const path of sitemapPaths) foundOn.set(path, "/sitemap-0.xml");
    await drain(queue, async (path) => {
      await crawl(path);
      for (const target of pages.get(path)!.links) {
        if (!queued.has(target)) {
          queued.add(target);
          foundOn.set(target, path);
          queue.push(target);
        }
      }
    });

    // Every image and icon, once.
    const urls = [...assets.keys()];
    await drain(urls, async (url) => {
      let response = await fetch(url, { method: "HEAD" });
      if (response.status === 405) response = await fetch(url);
      if (response.status !== 200)
        problems.push(`${assets.get(url)}: ${new URL(url).pathname} answers ${response.status}`);
    });

    // Each sprite has every symbol a page draws from it.
    for (const [sprite, names] of symbols) {
      const svg = await (await fetch(sprite)).text();
      for (const [name, page] of names)
        if (!svg.includes(`<symbol id="${name}"`))
          problems.push(`${page}: icon "${name}", but ${new URL(sprite).pathname} has no such symbol`);
    }

    // The web manifest's icons too.
    const manifest = [...assets.keys()].find((u) => u.endsWith(".webmanifest"));
    if (manifest) {
      const icons: { src: string }[] = (await (await fetch(manifest)).json()).icons ?? [];
      for (const icon of icons) {
        const response = await fetch(new URL(icon.src, manifest), { method: "HEAD" });
        if (response.status !== 200) problems.push(`manifest icon ${icon.src}: ${response.status}`);
      }
    }
  });

  test("every internal link, image, icon and social image on every page answers 200; every #anchor exists", () => {
    for (const [from, target, id] of anchors) {
      const page = pages.get(target);
      if (page?.html && page.status === 200 && target !== normalizePath(CMS_PATH) && !page.ids.has(id))
        problems.push(`${from}: link to ${target}#${id}, but ${target} has no element with id "${id}"`);
    }
    if (process.env.E2E_VERBOSE)
      console.log(`${pages.size} pages, ${assets.size} images and icons, ${anchors.length} #anchors`);
    assert.ok(pages.size > 100, `only ${pages.size} pages were crawled`);
    assert.ok(assets.size > 50, `only ${assets.size} images and icons were found`);
    assert.deepEqual([...new Set(problems)].sort(), []);
  });

  test("every route in the route table can be reached by following links from / (but the noindex /new-home)", () => {
    const reached = new Set<string>(["/"]);
    const queue = ["/"];
    while (queue.length) {
      const page = pages.get(queue.shift()!);
      for (const target of page?.links ?? []) {
        if (!reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    // /new-home is a standalone landing page kept out of search (noindex, not in the sitemap):
    // it is meant to be reached from campaigns, not from the site. Every indexed page must be linked.
    const unlinked = routes.filter((r) => !r.indexed).map((r) => r.path);
    assert.deepEqual(unlinked, ["/new-home"], "the pages allowed to be unlinked");
    assert.deepEqual(
      routes.map((r) => r.path).filter((path) => !reached.has(path) && !unlinked.includes(path)),
      [],
      "routes no link leads to",
    );
  });

  test("the sitemap lists only pages that answer 200", () => {
    assert.deepEqual(
      sitemapPaths.filter((path) => pages.get(path)?.status !== 200),
      [],
    );
  });
});
