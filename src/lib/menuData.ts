import { pagePath, pathFor } from "../../shared/routes";
import { workLinkName, type WorkLinkSource } from "./workLinkName";

/** The menu structures (docs/spec.md, "Entities"), built from content/navigation.yaml. */
export interface MenuItem {
  key: string;
  title: string;
  /** The accessible name, when the title alone could name two pages (a client's two case studies). */
  name?: string;
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

/** An item of the navbar (content/navigation.yaml `top`): a mega menu, a page or an address. */
export interface TopItem {
  label: string;
  menu?: string | null;
  page?: { slug: string } | null;
  href?: string | null;
  /** "works": the mobile menu opens the item as the list of case studies. */
  list?: string | null;
}

export interface NavigationInput {
  top: readonly TopItem[];
  services: {
    columns: readonly { groups: readonly { title: string; icons: boolean; items: readonly Entry[] }[] }[];
  };
  industries: {
    sector: { title: string; items: readonly Entry[] };
    ai: { title: string; items: readonly Entry[] };
  };
  works: readonly (WorkLinkSource & { slug: string })[];
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

/** Where a navbar item leads (none for a mega menu). */
export const topItemRoute = (item: TopItem): string | undefined =>
  item.page ? pagePath(item.page.slug) : (item.href ?? undefined);

/** A stable key for a navbar item: its menu, its page, or its label. */
export const topItemKey = (item: TopItem): string =>
  item.menu ?? item.page?.slug ?? item.label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The mobile menu's top level and sublists, in the navbar's order. */
export function topLevelEntries(nav: NavigationInput): TopLevelEntry[] {
  return nav.top.map((entry) => {
    const key = topItemKey(entry);
    if (entry.menu === "services") {
      return { key, title: entry.label, twoChildren: true, sublist: serviceColumns(nav).flat() };
    }
    if (entry.menu === "industries") {
      const industries = [...nav.industries.sector.items, ...nav.industries.ai.items];
      return {
        key,
        title: entry.label,
        twoChildren: false,
        sublist: industries.map((e) => item("industry", e)),
      };
    }
    const sublist =
      entry.list === "works"
        ? nav.works.map((w) => ({
            key: w.slug,
            title: w.client,
            name: workLinkName(w),
            route: pathFor("work", w.slug),
          }))
        : [];
    return { key, title: entry.label, route: topItemRoute(entry), twoChildren: false, sublist };
  });
}
