/** @jest-environment node */
import path from "node:path";
import { loadContent } from "../content";
import { llmsTxt, robotsTxt } from "../crawlerFiles";
import { buildRoutes } from "../../../shared/routes";

const content = loadContent(path.resolve(__dirname, "../../../content"));

test("robots.txt allows crawling and points at the sitemap index", () => {
  const txt = robotsTxt("https://www.example.com");
  expect(txt).toMatch(/^User-agent: \*$/m);
  expect(txt).toMatch(/^Allow: \/$/m);
  expect(txt).toMatch(/^Sitemap: https:\/\/www\.example\.com\/sitemap-index\.xml$/m);
  expect(txt).not.toMatch(/^Disallow: \/$/m);
});

test("llms.txt lists every service, industry, case study and country page from content", () => {
  const txt = llmsTxt(content);
  expect(txt.startsWith(`# ${content.site.name}\n\n> `)).toBe(true);
  for (const heading of [
    "Services",
    "AI industries",
    "Industries",
    "Case studies",
    "Country sites",
    "Company",
  ]) {
    expect(txt).toContain(`\n## ${heading}\n`);
  }
  const pages = txt.slice(0, txt.indexOf("\n## Feeds\n"));
  const links = [...pages.matchAll(/^- \[[^\]]+\]\(([^)]+)\): .+ \(\[Markdown\]\(([^)]+)\)\)$/gm)];
  const expected = buildRoutes(content)
    .filter((r) => r.indexed && r.kind !== "home")
    .map((r) => `${content.site.siteUrl}${r.path}`);
  expect(links.map((m) => m[1]).sort()).toEqual(expected.sort());
  // Each page's Markdown copy, at its address with .md.
  expect(links.every((m) => m[2] === `${m[1]}.md`)).toBe(true);
  expect(txt).toContain(`${content.site.siteUrl}/index.md`);
  expect(txt).toContain(`${content.site.siteUrl}/llms-full.txt`);
  // The case-study feeds.
  expect(txt).toContain(`\n## Feeds\n`);
  expect(txt).toContain(`](${content.site.siteUrl}/feed.xml): `);
  expect(txt).toContain(`](${content.site.siteUrl}/feed.json): `);
  expect(txt).toContain(`(${content.site.siteUrl}/services/nlp-solutions): `);
  expect(txt).toContain(`[Humm: `);
});
