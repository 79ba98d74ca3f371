/**
 * The portfolio order, declared once: newest first, then by client name, then by slug (two case
 * studies for one client in one year). Every list of case studies follows it: the works index
 * and its pages, the portfolio filter, the mobile menu's Portfolio list, previous/next and the
 * related lists. Lists built by Gatsby sort by the `portfolioOrder` field that sourceNodes sets
 * from this comparator (`allWork(sort: { portfolioOrder: ASC })`); lists built here
 * (shared/relations.ts, also read by the CMS preview) sort with the comparator itself.
 */

export interface PortfolioEntry {
  slug: string;
  client: string;
  year: number;
}

// Names are compared as an English reader orders them (case and accents second), with an explicit
// locale so the order does not depend on the machine that builds the site.
const byName = new Intl.Collator("en").compare;

export const comparePortfolio = (a: PortfolioEntry, b: PortfolioEntry): number =>
  b.year - a.year || byName(a.client, b.client) || byName(a.slug, b.slug);

/** A copy of `works` in portfolio order. */
export const sortWorks = <T extends PortfolioEntry>(works: readonly T[]): T[] =>
  [...works].sort(comparePortfolio);

/** Each case study with its place in the portfolio (0 = first), the Work node's `portfolioOrder`. */
export function withPortfolioOrder<T extends PortfolioEntry>(
  works: readonly T[],
): (T & { portfolioOrder: number })[] {
  const place = new Map(sortWorks(works).map((w, i) => [w.slug, i]));
  return works.map((w) => ({ ...w, portfolioOrder: place.get(w.slug)! }));
}
