import { sortWorks } from "./portfolioOrder";

/**
 * Relations between entries are declared once: a case study names its industry and services,
 * an industry names its services. Everything else (a service's case studies and industries, an
 * industry's case studies, "More work", previous/next) is derived here, in the portfolio order
 * (./portfolioOrder.ts): by the build's GraphQL resolvers and by the CMS preview alike.
 */

export interface WorkLike {
  slug: string;
  client: string;
  year: number;
  industry: string;
  services: readonly string[];
  /** Used only to break ties and to fill "More work" when too few case studies are related. */
  platforms?: readonly string[];
}

export interface IndustryLike {
  slug: string;
  services: string[];
}

/** A service's case studies: those that name it among their services, newest first. */
export const worksForService = <T extends WorkLike>(works: T[], service: string): T[] =>
  sortWorks(works.filter((w) => w.services.includes(service)));

/** An industry's case studies: those that name it as their industry, newest first. */
export const worksForIndustry = <T extends WorkLike>(works: T[], industry: string): T[] =>
  sortWorks(works.filter((w) => w.industry === industry));

/** Industries that list the service, then industries of case studies that used it. */
export function industriesForService<I extends IndustryLike>(
  industries: I[],
  works: WorkLike[],
  service: string,
): I[] {
  const listed = industries.filter((i) => i.services.includes(service)).map((i) => i.slug);
  const fromWork = worksForService(works, service).map((w) => w.industry);
  const order = [...new Set([...listed, ...fromWork])];
  return order.map((slug) => industries.find((i) => i.slug === slug)).filter((i): i is I => Boolean(i));
}

const shared = (a: readonly string[] = [], b: readonly string[] = []): number =>
  a.filter((x) => b.includes(x)).length;

/**
 * "More work" for a case study: the other case studies ranked by what they share with it. The
 * same industry counts 3 and each shared service 1; ties go to the one sharing more platforms,
 * then to the newer. When fewer than `count` are related at all, the list is filled with the
 * rest in the same order (shared platforms, then newest), so a case study in a new industry
 * with unusual services still ends with `count` suggestions.
 */
export function moreWork<T extends WorkLike>(works: T[], slug: string, count = 3): T[] {
  const self = works.find((w) => w.slug === slug);
  if (!self) return [];
  const relatedness = (w: T) => (w.industry === self.industry ? 3 : 0) + shared(w.services, self.services);
  return sortWorks(works.filter((w) => w.slug !== slug))
    .map((w, index) => ({ w, index, score: relatedness(w), platforms: shared(w.platforms, self.platforms) }))
    .sort((a, b) => b.score - a.score || b.platforms - a.platforms || a.index - b.index)
    .slice(0, count)
    .map(({ w }) => w);
}

/** Previous and next case study in portfolio order, wrapping around at the ends. */
export function neighbours<T extends WorkLike>(works: T[], slug: string): { previous?: T; next?: T } {
  const ordered = sortWorks(works);
  const i = ordered.findIndex((w) => w.slug === slug);
  if (i < 0 || ordered.length < 2) return {};
  return {
    previous: ordered[(i - 1 + ordered.length) % ordered.length],
    next: ordered[(i + 1) % ordered.length],
  };
}
