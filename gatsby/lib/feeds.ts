/**
 * The case-study feeds: Atom and JSON Feed 1.1, written by the `feed` package (one well-kept
 * writer for both formats) from the same content the pages render, in the portfolio order
 * (newest first). Pure, unit-tested; gatsby/node/onPostBuild.ts writes the files.
 */
import { Feed } from "feed";
import { FEEDS } from "../../shared/alternates";
import { absoluteUrl } from "../../shared/hreflang";
import { pagePath, pathFor } from "../../shared/routes";
import { sortWorks } from "./portfolioOrder";

export interface FeedWork {
  slug: string;
  client: string;
  title: string;
  description: string;
  outcome?: string | null;
  year: number;
  industry: { title: string; slug: string };
  services: readonly { title: string; slug: string }[];
  /** The cover's address on the site (the processed image), and what it shows. */
  cover: { src: string; alt: string } | null;
}

export interface FeedInput {
  site: { name: string; description: string; siteUrl: string; email: string };
  /** The works index page's title (content/pages/works.yaml). */
  title: string;
  works: readonly FeedWork[];
}

/**
 * Case studies carry a year, not a date: an entry is dated 1 January of its year (UTC), and the
 * feed is as new as its newest entry, so two builds of the same content write the same feeds.
 */
const yearDate = (year: number) => new Date(Date.UTC(year, 0, 1));

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function caseStudyFeed({ site, title, works }: FeedInput): Feed {
  const ordered = sortWorks(works);
  const url = (path: string) => absoluteUrl(site.siteUrl, path);
  const feed = new Feed({
    title: `${title}: ${site.name} case studies`,
    description: site.description,
    id: url(pagePath("works")),
    link: url(pagePath("works")),
    language: "en",
    image: url("/logo.png"),
    favicon: url("/favicon-32x32.png"),
    copyright: `© ${site.name}`,
    updated: ordered.length ? yearDate(ordered[0].year) : yearDate(2010),
    generator: site.name,
    feedLinks: { atom: url(FEEDS.atom.path), json: url(FEEDS.json.path) },
    author: { name: site.name, email: site.email, link: url("/") },
  });
  for (const work of ordered) {
    const link = url(pathFor("work", work.slug));
    const summary = work.outcome ? `${work.description} ${work.outcome}` : work.description;
    const image = work.cover ? url(work.cover.src) : undefined;
    feed.addItem({
      title: `${work.client}: ${work.title}`,
      id: link,
      link,
      description: summary,
      content: [
        image && work.cover
          ? `<p><img src="${escapeHtml(image)}" alt="${escapeHtml(work.cover.alt)}"></p>`
          : "",
        `<p>${escapeHtml(work.description)}</p>`,
        work.outcome ? `<p>${escapeHtml(work.outcome)}</p>` : "",
      ].join(""),
      date: yearDate(work.year),
      published: yearDate(work.year),
      image,
      category: [
        {
          name: work.industry.title,
          term: work.industry.slug,
          domain: url(pathFor("industry", work.industry.slug)),
        },
        ...work.services.map((s) => ({
          name: s.title,
          term: s.slug,
          domain: url(pathFor("service", s.slug)),
        })),
      ],
    });
  }
  return feed;
}

/**
 * The Atom feed. `feed` 6 names an enclosure's media type after the file's extension, so a
 * .jpg cover is announced as "image/jpg", which is not a registered type; it becomes image/jpeg.
 */
export const atomFeed = (feed: Feed): string =>
  feed.atom1().replaceAll('type="image/jpg"', 'type="image/jpeg"');

type JsonAuthor = { name?: string; url?: string; avatar?: string };
type JsonFeedObject = { version: string; author?: JsonAuthor; authors?: JsonAuthor[]; language?: string };

/**
 * The JSON Feed, version 1.1. `feed` 6 writes version 1, whose single `author` 1.1 replaced with
 * an `authors` list (and which has no `language`); everything else is the same, so its output is
 * carried over with those two changes rather than written again by hand.
 */
export function jsonFeed11(feed: Feed, language = "en"): string {
  const upgrade = <T extends { author?: JsonAuthor; authors?: JsonAuthor[] }>(o: T): T => {
    const { author, ...rest } = o;
    return (author ? { ...rest, authors: [author] } : rest) as T;
  };
  const v1 = JSON.parse(feed.json1()) as JsonFeedObject & { items: { author?: JsonAuthor }[] };
  const v11 = {
    ...upgrade(v1),
    version: "https://jsonfeed.org/version/1.1",
    language,
    items: v1.items.map(upgrade),
  };
  return `${JSON.stringify(v11, null, 2)}\n`;
}
