/**
 * A Markdown copy of each indexable page, for AI tools and readers that want text, not markup.
 * It is derived from the page the build has just written (the `<main>` of its HTML), never
 * written a second time, so the copy says exactly what the page says. turndown (the well-kept
 * HTML-to-Markdown converter) does the conversion; the rules below only say what of a page is not
 * content (form controls, image placeholders, hidden parts) and make links and images absolute.
 * Pure, unit-tested; gatsby/node/onPostBuild.ts writes the files.
 */
import TurndownService from "turndown";
import { absoluteUrl } from "../../shared/hreflang";
import { normalizePath, type Route } from "../../shared/routes";
import { mainContent } from "./builtPages";

/** The pages that get a copy: the route table's indexable ones (not /new-home, not the 404). */
export const markdownRoutes = (routes: readonly Route[]): Route[] => routes.filter((r) => r.indexed);

function converter(siteUrl: string): TurndownService {
  const absolute = (href: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return href;
    return href.startsWith("#") ? href : absoluteUrl(siteUrl, href.startsWith("/") ? href : `/${href}`);
  };
  const service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "_",
  });
  service.remove(["script", "style", "noscript", "template"]);
  service.addRule("links", {
    filter: (node) => node.nodeName === "A" && Boolean(node.getAttribute("href")),
    replacement: (content, node) => {
      const text = content.replace(/\s+/g, " ").trim();
      if (!text) return "";
      return `[${text}](${absolute((node as HTMLElement).getAttribute("href")!)})`;
    },
  });
  // gatsby-plugin-image lazy-loads: the image's address is in data-src until it is in view.
  service.addRule("images", {
    filter: "img",
    replacement: (_content, node) => {
      const img = node as HTMLImageElement;
      const src = img.getAttribute("src") || img.getAttribute("data-src");
      const alt = (img.getAttribute("alt") ?? "").replace(/[[\]]/g, "").trim();
      if (!src || !alt || src.startsWith("data:")) return "";
      return `![${alt}](${absolute(src)})`;
    },
  });
  return service;
}

export interface MarkdownPage {
  /** The page's address on the site, e.g. /services/nlp-solutions. */
  path: string;
  /** The built page (its whole HTML document). */
  html: string;
}

/**
 * The Markdown of a built page's `<main>`, followed by a line naming the page it came from.
 */
export function pageMarkdown({ path, html }: MarkdownPage, siteUrl: string): string {
  const body = converter(siteUrl)
    .turndown(mainContent(html, path))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return `${body}\n\n---\n\nSource: ${absoluteUrl(siteUrl, normalizePath(path))}\n`;
}

/** The headings of a Markdown text, in order, as plain text (links and emphasis taken out). */
export function markdownHeadings(markdown: string): { level: number; text: string }[] {
  // A heading may open a list item ("-   ### Title") or sit indented inside one, as turndown
  // writes headings inside <li> (the cards). Turndown never indents code, so no line is mistaken.
  return [...markdown.matchAll(/^[ \t]*(?:(?:[-*+]|\d+\.)[ \t]+)*(#{1,6}) +(.+?) *#*$/gm)].map((m) => ({
    level: m[1].length,
    text: m[2]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\\([\\`*_{}[\]()#+\-.!])/g, "$1")
      .replace(/[*_`]/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  }));
}

/** llms-full.txt: every page's Markdown, one after another, each under its address. */
export function llmsFullTxt(
  site: { name: string; siteUrl: string },
  pages: readonly { path: string; markdown: string }[],
): string {
  const parts = pages.map(
    (p) => `<!-- ${absoluteUrl(site.siteUrl, normalizePath(p.path))} -->\n\n${p.markdown}`,
  );
  return `# ${site.name}: every page in Markdown\n\n${parts.join("\n\n")}`;
}
