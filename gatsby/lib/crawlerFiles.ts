/**
 * robots.txt and llms.txt, written at build time (gatsby/node/onPostBuild.ts) from content and
 * the route table, so neither lists a page by hand. Pure, unit-tested.
 */
import { FEED_LIST, markdownPath } from "../../shared/alternates";
import { absoluteUrl } from "../../shared/hreflang";
// Partytown's same-origin proxy for third-party scripts: nothing there for a crawler.
import { THIRD_PARTY_PROXY_PATH } from "../../shared/analyticsIds";
import { buildRoutes, pagePath, pathFor, type Route, type RouteInput } from "../../shared/routes";

export const SITEMAP_INDEX_PATH = "/sitemap-index.xml";
/** Every indexable page's Markdown copy in one file (gatsby/lib/markdown.ts). */
export const LLMS_FULL_PATH = "/llms-full.txt";

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${THIRD_PARTY_PROXY_PATH}`,
    "",
    `Sitemap: ${siteUrl}${SITEMAP_INDEX_PATH}`,
    "",
  ].join("\n");
}

type Entry = { slug: string; title: string; description: string };

export interface LlmsInput {
  site: { name: string; tagline: string; description: string; siteUrl: string; email: string; phone: string };
  pages: readonly Entry[];
  services: readonly Entry[];
  industries: readonly (Entry & { kind: string })[];
  works: readonly (Entry & { client: string })[];
  countries: readonly (Entry & { country: string })[];
}

/** Sections of llms.txt in reading order: which route kinds go where, and how they are labelled. */
const SECTIONS: { heading: string; match: (route: Route, input: LlmsInput) => boolean }[] = [
  { heading: "Services", match: (r) => r.kind === "service" },
  {
    heading: "AI industries",
    match: (r, input) =>
      r.kind === "industry" && input.industries.find((i) => i.slug === r.slug)?.kind === "ai",
  },
  {
    heading: "Industries",
    match: (r, input) =>
      r.kind === "industry" && input.industries.find((i) => i.slug === r.slug)?.kind !== "ai",
  },
  { heading: "Case studies", match: (r) => r.kind === "work" },
  { heading: "Country sites", match: (r) => r.kind === "country" },
  { heading: "Company", match: (r) => r.kind === "page" },
];

/** Markdown in the llmstxt.org shape: H1 name, a summary quote, then H2 sections of links. */
export function llmsTxt(input: LlmsInput): string {
  const routes = buildRoutes(input as RouteInput).filter((r) => r.indexed && r.kind !== "home");
  const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
  const about = new Map<string, { label: string; description: string }>();
  const add = (path: string, label: string, description: string) => about.set(path, { label, description });
  for (const p of input.pages)
    if (p.slug !== "home" && p.slug !== "new-home") add(pagePath(p.slug), p.title, p.description);
  for (const s of input.services) add(pathFor("service", s.slug), s.title, s.description);
  for (const i of input.industries) add(pathFor("industry", i.slug), i.title, i.description);
  for (const w of input.works) add(pathFor("work", w.slug), `${w.client}: ${w.title}`, w.description);
  for (const c of input.countries) add(pathFor("country", c.slug), c.country, c.description);

  const out = [
    `# ${input.site.name}`,
    "",
    `> ${oneLine(input.site.description)}`,
    "",
    `${input.site.name}: ${input.site.tagline}. Home page: ${absoluteUrl(input.site.siteUrl, "/")}. ` +
      `Contact: ${input.site.email}, ${input.site.phone}. Every page is listed in ${input.site.siteUrl}${SITEMAP_INDEX_PATH}.`,
    "",
    `Each page below has a Markdown copy of its content (the page's address with .md; the home page's is ${absoluteUrl(input.site.siteUrl, markdownPath("/"))}), linked after its description; ${input.site.siteUrl}${LLMS_FULL_PATH} holds them all in one file.`,
  ];
  for (const section of SECTIONS) {
    const lines = routes
      .filter((r) => section.match(r, input) && about.has(r.path))
      .map((r) => ({
        url: absoluteUrl(input.site.siteUrl, r.path),
        markdown: absoluteUrl(input.site.siteUrl, markdownPath(r.path)),
        ...about.get(r.path)!,
      }))
      .sort((a, b) => a.label.localeCompare(b.label))
      .map((e) => `- [${e.label}](${e.url}): ${oneLine(e.description)} ([Markdown](${e.markdown}))`);
    if (lines.length) out.push("", `## ${section.heading}`, "", ...lines);
  }
  out.push(
    "",
    "## Feeds",
    "",
    ...FEED_LIST.map(
      (feed) =>
        `- [Case studies, ${feed.label}](${input.site.siteUrl}${feed.path}): every case study, newest first`,
    ),
  );
  return `${out.join("\n")}\n`;
}
