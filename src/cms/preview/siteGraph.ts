/**
 * The site's content as the views receive it, built in the browser from plain entries (the
 * YAML-shaped data the CMS edits) instead of Gatsby's GraphQL layer. This is the one mapping from
 * a CMS entry to a view's props: it follows the content schemas the way the build's GraphQL types
 * do (gatsby/lib/graphqlTypes.ts: a reference becomes the entry it names, an image path becomes
 * an image, a missing optional field is null) and derives the same relations with the same
 * functions (shared/relations.ts). e2e/cms-preview.test.ts compares it with the built site's
 * page and static query results, entry by entry.
 */
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { collections, mergeVariants, singletons, toJsonSchema, type JsonSchema } from "../../../schemas";
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

type Data = Record<string, unknown>;
type CollectionName = keyof typeof collections;
type SingletonName = keyof typeof singletons;

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

/** An image for a path below content/images (e.g. works/humm-cover.jpg), null while it loads. */
export type ImageResolver = (path: string) => IGatsbyImageData | null;

/** A node of the graph: what a GraphQL query of the build returns for it (any selection). */
export type Node = Record<string, unknown>;

const TYPE_OF = {
  ...Object.fromEntries(Object.entries(collections).map(([name, c]) => [c.type, name])),
  ...Object.fromEntries(Object.entries(singletons).map(([name, s]) => [s.type, name])),
} as Record<string, CollectionName | SingletonName>;

const outputSchemas = new Map<string, JsonSchema>();
const outputSchema = (type: string): JsonSchema => {
  const name = TYPE_OF[type];
  let schema = outputSchemas.get(type);
  if (!schema) {
    const zod =
      name in collections
        ? collections[name as CollectionName].schema
        : singletons[name as SingletonName].schema;
    schema = toJsonSchema(zod, "output");
    outputSchemas.set(type, schema);
  }
  return schema;
};

const objectVariants = (schema: JsonSchema) =>
  (schema.anyOf ?? schema.oneOf)?.filter((v) => v.type === "object");

/**
 * An entry as the schema's output: defaults applied and text trimmed when it is valid, as it is
 * while nobody is typing; as written otherwise (a half-typed entry still previews).
 */
function parsed(
  schema: { safeParse(data: unknown): { success: boolean; data?: unknown } },
  data: unknown,
): Data {
  const result = schema.safeParse(data);
  return (result.success ? result.data : data) as Data;
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

export class SiteGraph {
  private readonly entries: Record<CollectionName, Data[]>;
  private readonly files: Record<SingletonName, Data>;
  private readonly nodes = new Map<string, Node | null>();
  private routeTable: Route[] | undefined;

  constructor(
    content: PreviewContent,
    private readonly image: ImageResolver = () => null,
  ) {
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
    if (entry && node) Object.assign(node, this.shape(outputSchema(type), entry), this.derived(type, slug));
    return node;
  }

  /** A settings file's node: SiteSettings, Navigation or Footer. */
  file(type: string): Node {
    const key = type;
    if (!this.nodes.has(key)) {
      const name = TYPE_OF[type] as SingletonName;
      this.nodes.set(key, this.shape(outputSchema(type), this.files[name]) as Node);
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

  /** A value shaped as the schema's GraphQL type: references resolved, images as image data. */
  private shape(schema: JsonSchema, value: unknown): unknown {
    const variants = objectVariants(schema);
    if (variants && variants.length > 0) return this.shape(mergeVariants(variants), value);
    if (schema.ref) return typeof value === "string" && value ? this.node(schema.ref, value) : null;
    if (schema.image) {
      if (typeof value !== "string" || !value) return null;
      const data = this.image(value);
      return data ? { childImageSharp: { gatsbyImageData: data } } : null;
    }
    if (schema.type === "array") {
      if (!Array.isArray(value)) return value === undefined || value === null ? null : [];
      const items = schema.items ?? {};
      const list = value.map((v) => this.shape(items, v));
      // A reference to an entry that does not exist (yet) is left out, as the build would refuse it.
      return items.ref ? list.filter((v) => v !== null) : list;
    }
    if (schema.type === "object") {
      const source = value && typeof value === "object" ? (value as Data) : {};
      const required = new Set(schema.required ?? []);
      const out: Node = {};
      for (const [name, sub] of Object.entries(schema.properties ?? {})) {
        const v = source[name];
        out[name] =
          v === undefined || v === null ? (required.has(name) ? this.empty(sub) : null) : this.shape(sub, v);
      }
      return out;
    }
    return value ?? null;
  }

  /** A required field that is not written yet (a new entry): empty, so the view still renders. */
  private empty(schema: JsonSchema): unknown {
    if (objectVariants(schema)?.length || schema.type === "object") return this.shape(schema, {});
    if (schema.ref || schema.image) return null;
    if (schema.type === "array") return [];
    if (schema.type === "string") return "";
    if (schema.type === "boolean") return false;
    return null;
  }
}
