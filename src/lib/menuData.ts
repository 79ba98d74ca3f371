import { pathFor } from "../../gatsby/lib/routes";

/** The menu structures of spec section 3, built from content/navigation.yaml. */
export interface MenuItem {
  key: string;
  title: string;
  route: string;
  icon?: string | null;
}

export interface MenuGroup {
  title: string;
  data: MenuItem[];
  icons: boolean;
}

export interface TopLevelEntry {
  key: string;
  title: string;
  route?: string;
  /** True when the entry drills into groups that have children of their own (Services). */
  twoChildren: boolean;
  sublist: (MenuGroup | MenuItem)[];
}

export interface NavigationInput {
  services: {
    columns: readonly { groups: readonly { title: string; icons: boolean; items: readonly Entry[] }[] }[];
  };
  industries: {
    sector: { title: string; items: readonly Entry[] };
    ai: { title: string; items: readonly Entry[] };
  };
  works: readonly { slug: string; client: string }[];
}

interface Entry {
  slug: string;
  title: string;
  icon?: string | null;
}

const item = (kind: "service" | "industry", e: Entry): MenuItem => ({
  key: e.slug,
  title: e.title,
  route: pathFor(kind, e.slug),
  icon: e.icon ?? null,
});

export const isGroup = (x: MenuGroup | MenuItem): x is MenuGroup => "data" in x;

/** Service mega-menu columns: each a list of groups (1, 1, 2 and 2 of them). */
export function serviceColumns(nav: NavigationInput): MenuGroup[][] {
  return nav.services.columns.map((column) =>
    column.groups.map((g) => ({
      title: g.title,
      icons: g.icons,
      data: g.items.map((e) => item("service", e)),
    })),
  );
}

/** Splits items into columns of `size`, the remainder in the last column. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Splits items into `count` columns of (nearly) equal length. */
export function equalColumns<T>(items: readonly T[], count: number): T[][] {
  return chunk(items, Math.ceil(items.length / count));
}

export const INDUSTRY_GRID_COLUMN = 6;

export function industryColumns(nav: NavigationInput): { sector: MenuItem[][]; ai: MenuItem[][] } {
  return {
    sector: chunk(
      nav.industries.sector.items.map((e) => item("industry", e)),
      INDUSTRY_GRID_COLUMN,
    ),
    ai: equalColumns(
      nav.industries.ai.items.map((e) => item("industry", e)),
      4,
    ),
  };
}

/** The mobile menu's top level and sublists. */
export function topLevelEntries(nav: NavigationInput): TopLevelEntry[] {
  const industries = [...nav.industries.sector.items, ...nav.industries.ai.items].map((e) =>
    item("industry", e),
  );
  return [
    { key: "ai", title: "Let's talk AI", route: "/#a", twoChildren: false, sublist: [] },
    { key: "about", title: "About Us", route: "/about", twoChildren: false, sublist: [] },
    { key: "services", title: "Services", twoChildren: true, sublist: serviceColumns(nav).flat() },
    { key: "industries", title: "Industries", twoChildren: false, sublist: industries },
    {
      key: "portfolio",
      title: "Portfolio",
      route: "/works",
      twoChildren: false,
      sublist: nav.works.map((w) => ({ key: w.slug, title: w.client, route: pathFor("work", w.slug) })),
    },
  ];
}
