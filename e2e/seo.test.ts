import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import sharp from "sharp";
import { alternatesFor, hreflangTable } from "../shared/hreflang";
import { breadcrumbs } from "../shared/routes";
import { baseUrl, closeBrowser, newPage } from "./lib/browser";
import { decode, headOf, jsonLdBlocks, local, metaContent, staticHtml, tags } from "./lib/html";
import { routeTable } from "../test/harness/routes";
import { samplePages } from "../test/harness/samplePages";
import { loadContent } from "../gatsby/lib/content";

const { routes, siteUrl, site } = routeTable();
const content = loadContent("content");
const indexed = routes.filter((r) => r.indexed);
const absolute = (path: string) => (path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`);

type Node = { "@type": string; "@id"?: string; [key: string]: unknown };
const graphOf = (head: string): Node[] => {
  const blocks = jsonLdBlocks(head) as { "@context": string; "@graph": Node[] }[];
  assert.equal(blocks.length, 1, "one JSON-LD block");
  assert.equal(blocks[0]["@context"], "https://schema.org");
  return blocks[0]["@graph"];
};

after(closeBrowser);

const heads = new Map<string, string>();
const headFor = async (path: string) => {
  if (!heads.has(path)) heads.set(path, headOf(await staticHtml(path)));
  return heads.get(path)!;
};

describe("search and sharing metadata on every page (static HTML)", () => {
  test("unique title and description, absolute canonical, Open Graph and Twitter cards", async () => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    const problems: string[] = [];
    for (const route of indexed) {
      const head = await headFor(route.path);
      const title = decode(/<title[^>]*>([^<]*)<\/title>/.exec(head)?.[1] ?? "");
      const description = metaContent(head, "description") ?? "";
      if (titles.has(title)) problems.push(`${route.path}: title also on ${titles.get(title)}`);
      if (descriptions.has(description))
        problems.push(`${route.path}: description also on ${descriptions.get(description)}`);
      titles.set(title, route.path);
      descriptions.set(description, route.path);
      const canonical = tags(head, "link").filter((l) => l.rel === "canonical");
      if (canonical.length !== 1 || canonical[0].href !== absolute(route.path))
        problems.push(`${route.path}: canonical ${JSON.stringify(canonical)}`);
      const expected: Record<string, string> = {
        "og:site_name": site.name,
        "og:url": absolute(route.path),
        "og:description": description,
        "og:image:width": "1200",
        "og:image:height": "630",
        "twitter:card": "summary_large_image",
        "twitter:description": description,
      };
      for (const [key, value] of Object.entries(expected))
        if (metaContent(head, key) !== value)
          problems.push(`${route.path}: ${key} = ${metaContent(head, key)}`);
      for (const key of ["og:title", "twitter:title"])
        if (metaContent(head, key) !== title) problems.push(`${route.path}: ${key}`);
      const image = metaContent(head, "og:image");
      if (!image?.startsWith(`${siteUrl}/og/`) || metaContent(head, "twitter:image") !== image)
        problems.push(`${route.path}: og:image ${image}`);
      if (!metaContent(head, "og:image:alt")) problems.push(`${route.path}: no og:image:alt`);
      if (/name="robots"/.test(head)) problems.push(`${route.path}: robots meta on an indexed page`);
    }
    assert.deepEqual(problems, []);
  });

  test("each service, industry and work page has its own generated 1200x630 card; others the default", async () => {
    const checked = new Set<string>();
    for (const route of indexed) {
      const image = metaContent(await headFor(route.path), "og:image")!;
      const own = ["service", "industry", "work"].includes(route.kind);
      assert.equal(image, `${siteUrl}/og/${own ? `${route.kind}/${route.slug}` : "default"}.png`, route.path);
      if (checked.has(image)) continue;
      checked.add(image);
      const response = await fetch(local(image, siteUrl));
      assert.equal(response.status, 200, image);
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], ["png", 1200, 630], image);
    }
    assert.equal(
      checked.size,
      1 + content.services.length + content.industries.length + content.works.length,
    );
  });
});

describe("JSON-LD", () => {
  test("every page: one parseable graph with the Organization and WebSite linked by @id", async () => {
    const organizationId = `${siteUrl}/#organization`;
    for (const route of routes) {
      const graph = graphOf(await headFor(route.path));
      const org = graph.find((n) => n["@type"] === "Organization")!;
      const web = graph.find((n) => n["@type"] === "WebSite")!;
      assert.ok(org && web, route.path);
      assert.equal(org["@id"], organizationId);
      assert.deepEqual(web.publisher, { "@id": organizationId });
      assert.deepEqual(org.sameAs, [
        site.socials.linkedin,
        site.socials.instagram,
        site.socials.community.url,
      ]);
      assert.equal((org.contactPoint as { telephone: string }).telephone, site.phone.replace(/[^+\d]/g, ""));
    }
  });

  test("the Organization logo is served and at least 112 px", async () => {
    const org = graphOf(await headFor("/")).find((n) => n["@type"] === "Organization")!;
    const logo = org.logo as { url: string };
    const response = await fetch(local(logo.url, siteUrl));
    assert.equal(response.status, 200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    assert.ok(Math.min(meta.width!, meta.height!) >= 112, `${meta.width}x${meta.height}`);
  });

  test("a BreadcrumbList exactly where the page shows the same trail: every page below home but /new-home", async () => {
    for (const route of routes) {
      const html = await staticHtml(route.path);
      const list = graphOf(headOf(html)).filter((n) => n["@type"] === "BreadcrumbList");
      // The trail the page shows (PageHero's nav "Breadcrumb"), as names in order.
      const nav = /<nav[^>]*aria-label="Breadcrumb"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
      const shown = nav
        ? [...nav.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
            decode(m[1].replace(/<!--[\s\S]*?-->|<[^>]+>/g, "").trim()),
          )
        : [];
      if (route.path === "/" || route.path === "/new-home") {
        // Home has no trail; /new-home, a standalone landing page, shows none either.
        assert.deepEqual([list.length, shown], [0, []], route.path);
        continue;
      }
      assert.equal(list.length, 1, route.path);
      const items = list[0].itemListElement as { position: number; name: string; item: string }[];
      assert.deepEqual(
        items,
        breadcrumbs(routes, route.path).map((c, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: c.title,
          item: absolute(c.path),
        })),
        route.path,
      );
      assert.deepEqual(
        shown,
        items.map((i) => i.name),
        `${route.path}: the trail the page shows`,
      );
    }
  });

  test("Service on service and AI-industry pages, Article about the client on each works page", async () => {
    const aiIndustries = new Set(content.industries.filter((i) => i.kind === "ai").map((i) => i.slug));
    for (const route of routes) {
      const types = graphOf(await headFor(route.path)).map((n) => n["@type"]);
      const wantsService =
        route.kind === "service" || (route.kind === "industry" && aiIndustries.has(route.slug));
      assert.equal(types.includes("Service"), wantsService, `${route.path} Service`);
      assert.equal(types.includes("Article"), route.kind === "work", `${route.path} Article`);
    }
    for (const work of content.works) {
      const articleNode = graphOf(await headFor(`/works/${work.slug}`)).find(
        (n) => n["@type"] === "Article",
      )!;
      assert.deepEqual(articleNode.about, { "@type": "Organization", name: work.client });
      assert.equal(articleNode.headline, work.headline);
    }
  });

  test("after hydration each template still has exactly one parseable graph with its types", async () => {
    const { page, context } = await newPage();
    // One page of each template (test/harness/samplePages.ts): the graph's types follow the template.
    const extra: Record<string, string[]> = {
      service: ["Service"],
      "AI industry": ["Service"],
      "works case": ["Article"],
    };
    const samples: [string, string[]][] = samplePages().map(({ name, path, route }) => [
      path,
      [
        "Organization",
        "WebSite",
        ...(route.template === "home" || route.template === "newHome" ? [] : ["BreadcrumbList"]),
        ...(extra[name] ?? []),
      ],
    ]);
    for (const [path, types] of samples) {
      await page.goto(path, { waitUntil: "networkidle" });
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      assert.equal(blocks.length, 1, path);
      const parsed = JSON.parse(blocks[0]) as { "@graph": Node[] };
      assert.deepEqual(
        parsed["@graph"].map((n) => n["@type"]),
        types,
        path,
      );
    }
    await context.close();
  });
});

describe("hreflang", () => {
  const table = hreflangTable(content.countries);
  const members = table.map((e) => e.path);

  test("the 14 country pages and home carry reciprocal, absolute, valid alternates plus x-default", async () => {
    assert.equal(members.length, 15);
    const expected = table.map((e) => `${e.hreflang} ${absolute(e.path)}`);
    for (const path of members) {
      const links = tags(await headFor(path), "link")
        .filter((l) => l.rel === "alternate" && l.hrefLang)
        .map((l) => `${l.hrefLang} ${l.href}`);
      assert.deepEqual(links, expected, path);
    }
    const code = (path: string) => table.find((e) => e.path === path)!.hreflang;
    assert.equal(code("/uk"), "en-GB");
    assert.equal(code("/ae"), "en-AE");
    assert.equal(code("/en-us"), "en-US");
    assert.equal(code("/en-de"), "en-DE");
    assert.equal(code("/"), "x-default");
  });

  test("pages outside the set have none", async () => {
    for (const path of ["/about", "/services/nlp-solutions", "/works/humm"]) {
      assert.equal(tags(await headFor(path), "link").filter((l) => l.hrefLang).length, 0, path);
    }
  });

  test("the sitemap carries the same alternates", async () => {
    const xml = await (await fetch(`${baseUrl()}/sitemap-0.xml`)).text();
    assert.match(xml, /xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    for (const [, loc, rest] of entries) {
      const path = loc === `${siteUrl}/` ? "/" : loc.slice(siteUrl.length);
      const links = [
        ...rest.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g),
      ].map((m) => `${m[1]} ${m[2]}`);
      const want = alternatesFor(path, content.countries, siteUrl).map((a) => `${a.hreflang} ${a.href}`);
      assert.deepEqual(links, want, path);
    }
    assert.equal(entries.filter((e) => e[2].includes("xhtml:link")).length, 15);
  });
});

describe("files for crawlers", () => {
  test("robots.txt allows crawling and points at the sitemap index", async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    assert.equal(response.status, 200);
    const txt = await response.text();
    assert.match(txt, /^User-agent: \*$/m);
    assert.doesNotMatch(txt, /^Disallow: \/$/m);
    assert.match(txt, new RegExp(`^Sitemap: ${siteUrl.replace(/\./g, "\\.")}/sitemap-index\\.xml$`, "m"));
    assert.equal((await fetch(`${baseUrl()}/sitemap-index.xml`)).status, 200);
  });

  test("llms.txt maps every service, industry and case study with absolute links", async () => {
    const response = await fetch(`${baseUrl()}/llms.txt`);
    assert.equal(response.status, 200);
    const txt = await response.text();
    assert.ok(txt.startsWith(`# ${site.name}\n`));
    for (const s of content.services) assert.ok(txt.includes(`](${siteUrl}/services/${s.slug}): `), s.slug);
    for (const i of content.industries)
      assert.ok(txt.includes(`](${siteUrl}/industries/${i.slug}): `), i.slug);
    for (const w of content.works) assert.ok(txt.includes(`](${siteUrl}/works/${w.slug}): `), w.slug);
  });

  test("the noindex pages (/new-home, 404) say so and have no hreflang", async () => {
    assert.match(await headFor("/new-home"), /<meta name="robots" content="noindex"/);
    const notFound = headOf(await (await fetch(`${baseUrl()}/no-such-page`)).text());
    assert.match(notFound, /<meta name="robots" content="noindex"/);
  });
});
