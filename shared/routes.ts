/**
 * The one route table. Every page the site has is declared here, once: gatsby-node creates pages
 * from it, and the sitemap, breadcrumbs, the navbar's "always white" rule and the tests read it.
 * It is pure (no Gatsby, no file system) so it is unit-tested directly.
 */
import type { PortfolioIndex } from "./portfolioIndex";

export const TEMPLATES = {
  home: "Home",
  page: "Page",
  contact: "Contact",
  worksIndex: "WorksIndex",
  casestudy: "Casestudy",
  newHome: "NewHome",
  service: "Service",
  industry: "Industry",
  work: "Work",
  country: "Country",
} as const;

export type TemplateName = keyof typeof TEMPLATES;

export type RouteKind = "home" | "page" | "service" | "industry" | "work" | "country";

export interface Route {
  path: string;
  template: TemplateName;
  kind: RouteKind;
  slug: string;
  title: string;
  /** The page's name in breadcrumbs (visible and JSON-LD): its title, or a country's name. */
  crumb: string;
  /** The navbar is white from the top of the page (no transparent hero behind it). */
  solidNavbar: boolean;
  /** Rendered inside the shared layout (navbar, footer, toasts). */
  layout: boolean;
  /** Listed in the sitemap and indexable. */
  indexed: boolean;
  /** Path of the parent page for breadcrumbs; undefined for the home page. */
  parent?: string;
  /** A page of the paginated works index: which page, of how many. */
  listPage?: { number: number; count: number };
}

export interface RouteInput {
  pages: readonly { slug: string; title: string }[];
  services: readonly { slug: string; title: string }[];
  industries: readonly { slug: string; title: string }[];
  works: readonly { slug: string; title: string; client?: string }[];
  countries: readonly { slug: string; title: string; country: string }[];
}

export const NEW_HOME_PATH = "/new-home";

/**
 * Case studies per page of the works index. Each page's page-data carries only its own cards;
 * at 39 case studies the portfolio is one page. Pages 2 and on live at /works/page/N.
 */
export const WORKS_PER_PAGE = 48;

export const worksListPath = (page: number): string =>
  page <= 1 ? pagePath("works") : `${pagePath("works")}/page/${page}`;

/** The cards of a page of the works index, as a file of the site's own (gatsby/lib/worksCards.ts). */
export const worksCardsPath = (page: number): string => `/data/works/${page}.json`;

export const worksPageCount = (works: number): number => Math.max(1, Math.ceil(works / WORKS_PER_PAGE));

/** Pages from content/pages and the template and path each one gets. */
const PAGE_ROUTES: Record<string, { path: string; template: TemplateName; solid: boolean }> = {
  home: { path: "/", template: "home", solid: false },
  about: { path: "/about", template: "page", solid: true },
  // Its own template so the consultation form's code loads on /contact only.
  contact: { path: "/contact", template: "contact", solid: true },
  privacy: { path: "/privacy", template: "page", solid: true },
  works: { path: "/works", template: "worksIndex", solid: true },
  casestudy: { path: "/casestudy", template: "casestudy", solid: true },
  "new-home": { path: NEW_HOME_PATH, template: "newHome", solid: false },
};

/** Collections and the URL prefix of their pages. Countries sit at the top level (/uk). */
export const COLLECTION_PREFIX = {
  service: "/services/",
  industry: "/industries/",
  work: "/works/",
  country: "/",
} as const;

export const pathFor = (kind: keyof typeof COLLECTION_PREFIX, slug: string): string =>
  `${COLLECTION_PREFIX[kind]}${slug}`;

export const pagePath = (slug: string): string => {
  const route = PAGE_ROUTES[slug];
  if (!route) throw new Error(`No route for page "${slug}"`);
  return route.path;
};

export class RouteConflictError extends Error {}

export function buildRoutes(input: RouteInput): Route[] {
  const routes: Route[] = [];
  for (const page of input.pages) {
    const def = PAGE_ROUTES[page.slug];
    if (!def) continue;
    if (def.template === "worksIndex") {
      const count = worksPageCount(input.works.length);
      for (let number = 1; number <= count; number++) {
        routes.push({
          path: worksListPath(number),
          template: def.template,
          kind: "page",
          slug: page.slug,
          title: number === 1 ? page.title : `${page.title}, page ${number}`,
          crumb: number === 1 ? page.title : `${page.title}, page ${number}`,
          solidNavbar: def.solid,
          layout: true,
          indexed: true,
          parent: number === 1 ? "/" : worksListPath(1),
          listPage: { number, count },
        });
      }
      continue;
    }
    routes.push({
      path: def.path,
      template: def.template,
      kind: page.slug === "home" ? "home" : "page",
      slug: page.slug,
      title: page.title,
      crumb: page.title,
      solidNavbar: def.solid,
      layout: def.path !== NEW_HOME_PATH,
      indexed: def.path !== NEW_HOME_PATH,
      parent: def.path === "/" ? undefined : "/",
    });
  }
  const collection = (
    kind: keyof typeof COLLECTION_PREFIX,
    entries: readonly { slug: string; title: string; country?: string }[],
    parent: string,
  ) => {
    for (const entry of entries) {
      routes.push({
        path: pathFor(kind, entry.slug),
        template: kind,
        kind,
        slug: entry.slug,
        title: entry.title,
        crumb: entry.country ?? entry.title,
        solidNavbar: true,
        layout: true,
        indexed: true,
        parent,
      });
    }
  };
  // Services and industries have no index page of their own: their breadcrumb parent is home.
  collection("service", input.services, "/");
  collection("industry", input.industries, "/");
  collection("work", input.works, pagePath("works"));
  collection("country", input.countries, "/");

  const seen = new Map<string, Route>();
  for (const route of routes) {
    const other = seen.get(route.path);
    if (other) {
      throw new RouteConflictError(
        `Two entries want the address ${route.path}: the ${other.kind} "${other.slug}" and the ${route.kind} "${route.slug}". Rename one of the files (and its slug).`,
      );
    }
    seen.set(route.path, route);
  }
  return routes;
}

/** Strips a trailing slash (but keeps "/") so /about and /about/ compare equal. */
export const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The new home page renders on its own, without the shared layout (spec, route rule). */
export const isStandalonePath = (path: string): boolean => normalizePath(path) === NEW_HOME_PATH;

export interface Crumb {
  path: string;
  title: string;
}

/**
 * What createPages passes to every template. `breadcrumbs` (two or three short entries) is the
 * one trail: the page hero shows it and the Head serialises it as a BreadcrumbList.
 */
export interface PageContext {
  slug: string;
  solidNavbar: boolean;
  breadcrumbs: Crumb[];
  /** Works index pages only: the slice of case studies this page lists (page query variables). */
  skip?: number;
  limit?: number;
  listPage?: { number: number; count: number };
  /** Works index pages only: every case study's filter facts (shared/portfolioIndex.ts). */
  portfolio?: PortfolioIndex;
}

/** Breadcrumb trail from home to the route, built from the table's parent links. */
export function breadcrumbs(routes: Route[], path: string): Crumb[] {
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const trail: Crumb[] = [];
  let current = byPath.get(normalizePath(path));
  const guard = new Set<string>();
  while (current && !guard.has(current.path)) {
    guard.add(current.path);
    trail.unshift({ path: current.path, title: current.crumb });
    current = current.parent ? byPath.get(current.parent) : undefined;
  }
  return trail;
}

/** What a page is about, for the consultation form's context: /services/x is the service x. */
export interface Topic {
  kind: "service" | "industry" | "work";
  slug: string;
}

export function topicFromPath(pathname: string): Topic | undefined {
  const path = normalizePath(pathname);
  for (const kind of ["service", "industry", "work"] as const) {
    const prefix = COLLECTION_PREFIX[kind];
    const slug = path.startsWith(prefix) ? path.slice(prefix.length) : "";
    if (slug && !slug.includes("/")) return { kind, slug };
  }
  return undefined;
}
