/**
 * The site's content as the views receive it, built in the browser from plain entries (the
 * YAML-shaped data the CMS edits) instead of Gatsby's GraphQL layer. This is the one mapping from
 * a CMS entry to a view's props: each entry is shaped as the build's GraphQL types shape it
 * (./nodeShape.ts, from the content schemas: a reference becomes the entry it names, an image path
 * becomes an image, a missing optional field is null), and this graph keeps the nodes, resolves
 * the references between them and derives the same relations with the same functions
 * (shared/relations.ts). e2e/cms-preview.test.ts compares it with the built site's page and static
 * query results, entry by entry.
 */
import { collections, singletons } from "../../../schemas";
import { sortWorks } from "../../../shared/portfolioOrder";
import {
  industriesForService,
  moreWork,
  neighbours,
  worksForIndustry,
  worksForService,
  type WorkLike,
} from "../../../shared/relations";
import { breadcrumbs, buildRoutes, type Crumb, type Route } from "../../../shared/routes";
import {
  outputSchema,
  parsed,
  shape,
  TYPE_OF,
  type CollectionName,
  type Data,
  type ImageResolver,
  type Lookups,
  type Node,
  type SingletonName,
} from "./nodeShape";

export type { ImageResolver, Node } from "./nodeShape";

/** Every entry of every collection, as the content files hold them. */
export interface PreviewContent {
  services: Data[];
  industries: Data[];
  works: Data[];
  countries: Data[];
  pages: Data[];
  site: Data | null;
  navigation: Data | null;
  footer: Data | null;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export class SiteGraph {
  private readonly entries: Record<CollectionName, Data[]>;
  private readonly files: Record<SingletonName, Data>;
  private readonly nodes = new Map<string, Node | null>();
  private routeTable: Route[] | undefined;
  /** How shaping an entry finds the nodes its references name and the images it shows. */
  private readonly lookups: Lookups;

  constructor(content: PreviewContent, image: ImageResolver = () => null) {
    this.lookups = { node: (type, slug) => this.node(type, slug), image };
    this.entries = Object.fromEntries(
      Object.entries(collections).map(([name, { schema }]) => [
        name,
        (content[name as CollectionName] ?? []).map((entry) => parsed(schema, entry)),
      ]),
    ) as Record<CollectionName, Data[]>;
    this.files = Object.fromEntries(
      Object.entries(singletons).map(([name, { schema }]) => [
        name,
        parsed(schema, content[name as SingletonName] ?? {}),
      ]),
    ) as Record<SingletonName, Data>;
  }

  /** The entry of a collection type (Service, Work, ...) with that slug, or null. */
  node(type: string, slug: string): Node | null {
    const key = `${type}/${slug}`;
    if (this.nodes.has(key)) return this.nodes.get(key)!;
    const name = TYPE_OF[type] as CollectionName;
    const entry = this.entries[name]?.find((e) => e.slug === slug);
    // Set before shaping: a reference back to this entry (none today) would find it.
    const node: Node | null = entry ? {} : null;
    this.nodes.set(key, node);
    if (entry && node)
      Object.assign(node, shape(outputSchema(type), entry, this.lookups), this.derived(type, slug));
    return node;
  }

  /** A settings file's node: SiteSettings, Navigation or Footer. */
  file(type: string): Node {
    const key = type;
    if (!this.nodes.has(key)) {
      const name = TYPE_OF[type] as SingletonName;
      this.nodes.set(key, shape(outputSchema(type), this.files[name], this.lookups) as Node);
    }
    return this.nodes.get(key)!;
  }

  /** Every entry of a collection type, as nodes. */
  all(type: string): Node[] {
    const name = TYPE_OF[type] as CollectionName;
    return this.entries[name].map((e) => this.node(type, text(e.slug))).filter((n): n is Node => n !== null);
  }

  /**
   * What every static query of the site reads (src/hooks), as one object: each query picks its
   * own fields from it, ordered as the queries sort them.
   */
  staticQueryData(): Node {
    const byKey = (key: string) => (a: Node, b: Node) => {
      const x = text(a[key]);
      const y = text(b[key]);
      return x < y ? -1 : x > y ? 1 : 0;
    };
    return {
      siteSettings: this.file("SiteSettings"),
      navigation: this.file("Navigation"),
      footer: this.file("Footer"),
      allWork: { nodes: this.worksInOrder().map((w) => this.node("Work", text(w.slug))) },
      allService: { nodes: this.all("Service").sort(byKey("title")) },
      allCountry: { nodes: this.all("Country").sort(byKey("slug")) },
    };
  }

  /** The route table of this content (shared/routes.ts), or none while two entries claim one address. */
  routes(): Route[] {
    if (!this.routeTable) {
      const list = (name: CollectionName) =>
        this.entries[name]
          .filter((e) => text(e.slug))
          .map((e) => ({ slug: text(e.slug), title: text(e.title), entry: e }));
      try {
        this.routeTable = buildRoutes({
          pages: list("pages"),
          services: list("services"),
          industries: list("industries"),
          works: list("works").map((w) => ({ ...w, client: text(w.entry.client) })),
          // A country's breadcrumb is its name.
          countries: list("countries").map((c) => ({ ...c, country: text(c.entry.country) })),
        });
      } catch {
        this.routeTable = [];
      }
    }
    return this.routeTable;
  }

  /** The breadcrumb trail of a path, as createPages gives it to the page. */
  crumbs(path: string): Crumb[] {
    return breadcrumbs(this.routes(), path);
  }

  private worksInOrder(): Data[] {
    return sortWorks(this.workLikes()) as unknown as Data[];
  }

  private workLikes(): (WorkLike & Data)[] {
    return this.entries.works.map((w) => ({
      ...w,
      slug: text(w.slug),
      client: text(w.client),
      year: typeof w.year === "number" ? w.year : 0,
      industry: text(w.industry),
      services: Array.isArray(w.services) ? (w.services as string[]) : [],
      platforms: Array.isArray(w.platforms) ? (w.platforms as string[]) : [],
    }));
  }

  /** The fields the build adds in createResolvers and sourceNodes (shared/relations.ts). */
  private derived(type: string, slug: string): Node {
    const works = () => this.workLikes();
    const toWorks = (list: { slug: string }[]) => list.map((w) => this.node("Work", w.slug));
    const fields: Record<string, () => unknown> = {};
    if (type === "Service") {
      fields.relatedWorks = () => toWorks(worksForService(works(), slug));
      fields.relatedIndustries = () =>
        industriesForService(
          this.entries.industries.map((i) => ({
            slug: text(i.slug),
            services: Array.isArray(i.services) ? (i.services as string[]) : [],
          })),
          works(),
          slug,
        ).map((i) => this.node("Industry", i.slug));
    }
    if (type === "Industry") fields.relatedWorks = () => toWorks(worksForIndustry(works(), slug));
    if (type === "Work") {
      fields.portfolioOrder = () => sortWorks(works()).findIndex((w) => w.slug === slug);
      fields.moreWork = () => toWorks(moreWork(works(), slug, 3));
      fields.previous = () => {
        const w = neighbours(works(), slug).previous;
        return w ? this.node("Work", w.slug) : null;
      };
      fields.next = () => {
        const w = neighbours(works(), slug).next;
        return w ? this.node("Work", w.slug) : null;
      };
    }
    const out: Node = {};
    for (const [name, get] of Object.entries(fields)) {
      let value: unknown;
      let done = false;
      Object.defineProperty(out, name, {
        enumerable: true,
        get: () => {
          if (!done) {
            value = get();
            done = true;
          }
          return value;
        },
      });
    }
    return out;
  }
}
