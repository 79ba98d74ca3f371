/**
 * The other forms of the site's pages, declared once: the case-study feeds (written by
 * gatsby/lib/feeds.ts) and each page's Markdown copy (gatsby/lib/markdown.ts). Every page's head
 * links them (src/components/Seo), /works links the feeds, and llms.txt lists both.
 */
import { normalizePath } from "./routes";

export const FEEDS = {
  atom: { path: "/feed.xml", type: "application/atom+xml", label: "Atom" },
  json: { path: "/feed.json", type: "application/feed+json", label: "JSON Feed" },
} as const;

export const FEED_LIST = [FEEDS.atom, FEEDS.json] as const;

export const MARKDOWN_TYPE = "text/markdown";
/** The Content-Type the Markdown copies are served with, by `npm start` and on Netlify alike. */
export const MARKDOWN_CONTENT_TYPE = `${MARKDOWN_TYPE}; charset=utf-8`;

/** Where a page's Markdown copy is served: /services/x → /services/x.md; / → /index.md. */
export const markdownPath = (pagePath: string): string => {
  const path = normalizePath(pagePath);
  return path === "/" ? "/index.md" : `${path}.md`;
};
