/**
 * Relations between entries are declared once: a case study names its industry and services,
 * an industry names its services. Everything else (a service's case studies and industries, an
 * industry's case studies, "More work", previous/next) is derived here at build time.
 */

export interface WorkLike {
  slug: string;
  client: string;
  year: number;
  industry: string;
  services: string[];
}

export interface IndustryLike {
  slug: string;
  services: string[];
}

/** Portfolio order: newest first, then by client name. */
export function sortWorks<T extends WorkLike>(works: T[]): T[] {
  return [...works].sort(
    (a, b) => b.year - a.year || a.client.localeCompare(b.client) || a.slug.localeCompare(b.slug),
  );
}

export const worksForService = <T extends WorkLike>(works: T[], service: string): T[] =>
  sortWorks(works.filter((w) => w.services.includes(service)));

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

/**
 * Other case studies ranked by what they share with this one: the same industry counts 3,
 * each shared service 1. Ties go to the newer case study. Only related ones are returned.
 */
export function moreWork<T extends WorkLike>(works: T[], slug: string, count = 3): T[] {
  const self = works.find((w) => w.slug === slug);
  if (!self) return [];
  const score = (w: T) =>
    (w.industry === self.industry ? 3 : 0) + w.services.filter((s) => self.services.includes(s)).length;
  return sortWorks(works.filter((w) => w.slug !== slug && score(w) > 0))
    .map((w, index) => ({ w, index, s: score(w) }))
    .sort((a, b) => b.s - a.s || a.index - b.index)
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
