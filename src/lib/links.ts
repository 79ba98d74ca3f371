import { pagePath, pathFor } from "../../shared/routes";
import { workLinkName, type WorkLinkSource } from "./workLinkName";

export interface ResolvedLink {
  label: string;
  /** The accessible name, when the label alone names two pages in the list (a client's two case studies). */
  name?: string;
  to: string;
  /** Links outside the Gatsby router (files such as the sitemap, other sites). */
  external: boolean;
}

export interface LinkRef {
  label?: string | null;
  href?: string | null;
  service?: { slug: string; title: string } | null;
  industry?: { slug: string; title: string } | null;
  work?: (WorkLinkSource & { slug: string }) | null;
  page?: { slug: string; title: string } | null;
  country?: { slug: string; country: string } | null;
}

/** Resolves a content link (a reference to an entry, or a label and address) to text and a path. */
export function resolveLink(link: LinkRef): ResolvedLink {
  if (link.service)
    return { label: link.service.title, to: pathFor("service", link.service.slug), external: false };
  if (link.industry)
    return { label: link.industry.title, to: pathFor("industry", link.industry.slug), external: false };
  if (link.work)
    return {
      label: link.work.client,
      name: workLinkName(link.work),
      to: pathFor("work", link.work.slug),
      external: false,
    };
  if (link.page) return { label: link.page.title, to: pagePath(link.page.slug), external: false };
  if (link.country)
    return { label: link.country.country, to: pathFor("country", link.country.slug), external: false };
  const href = link.href ?? "/";
  // Files such as /sitemap-0.xml are not pages: a plain link loads them from the server.
  const external = /^https?:/.test(href) || /\.[a-z0-9]+$/i.test(href);
  return { label: link.label ?? href, to: href, external };
}

/**
 * A list of content links resolved (above), each with an accessible name of its own only where
 * its label also names another page in the list (Humm's two case studies): every other link is
 * named by the text it shows. A name on every case-study link cost each page 1 KB of gzip in the
 * footer, where every page's document must fit a phone's first round trip (docs/performance.md).
 */
export function resolveLinks(links: readonly LinkRef[]): ResolvedLink[] {
  const resolved = links.map(resolveLink);
  const pages = new Map<string, Set<string>>();
  for (const { label, to } of resolved) pages.set(label, (pages.get(label) ?? new Set()).add(to));
  return resolved.map(({ name, ...link }) =>
    name !== undefined && (pages.get(link.label)?.size ?? 0) > 1 ? { ...link, name } : link,
  );
}
