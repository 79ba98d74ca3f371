/**
 * What the portfolio filter needs to know about every case study, in a compact form. The works
 * index is paginated (each page's page-data holds only its own cards), but the filter and its
 * counts cover every case study, so each index page also carries this index: about 30 bytes a
 * case study instead of the few hundred a card takes. Built once in createPages.
 */
export interface PortfolioIndex {
  industries: { slug: string; title: string; kind: string | null }[];
  services: { slug: string; title: string }[];
  /** One entry per case study, in listing order: slug, industry, services (indexes), platforms. */
  works: [slug: string, industry: number, services: number[], platforms: string[]][];
}

/** A case study's filter facts (src/views/Portfolio/Portfolio.worksFilter.ts reads the same shape). */
export interface IndexedWork {
  slug: string;
  industry: { slug: string; title: string; kind?: string | null };
  services: readonly { slug: string; title: string }[];
  platforms: readonly string[];
}

export function encodePortfolioIndex(works: readonly IndexedWork[]): PortfolioIndex {
  const index: PortfolioIndex = { industries: [], services: [], works: [] };
  const industryAt = new Map<string, number>();
  const serviceAt = new Map<string, number>();
  const position = <T extends { slug: string }>(list: T[], at: Map<string, number>, item: T) => {
    let i = at.get(item.slug);
    if (i === undefined) {
      i = list.push(item) - 1;
      at.set(item.slug, i);
    }
    return i;
  };
  for (const work of works) {
    const { slug, title, kind } = work.industry;
    index.works.push([
      work.slug,
      position(index.industries, industryAt, { slug, title, kind: kind ?? null }),
      work.services.map((s) => position(index.services, serviceAt, { slug: s.slug, title: s.title })),
      [...work.platforms],
    ]);
  }
  return index;
}

export function decodePortfolioIndex(index: PortfolioIndex): IndexedWork[] {
  return index.works.map(([slug, industry, services, platforms]) => ({
    slug,
    industry: index.industries[industry],
    services: services.map((i) => index.services[i]),
    platforms,
  }));
}
