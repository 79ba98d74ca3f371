/**
 * One entry shaped as the build's GraphQL type returns it, read off the content schemas' output
 * JSON Schema the way gatsby/lib/graphqlTypes.ts writes the types: a reference becomes the entry
 * it names, an image path becomes an image, a missing optional field is null. Which entry a
 * reference names, and which image a path names, the caller looks up (./siteGraph.ts keeps the
 * nodes; ./previewData.ts finds the images).
 */
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { collections, mergeVariants, singletons, toJsonSchema, type JsonSchema } from "../../../schemas";

export type Data = Record<string, unknown>;
export type CollectionName = keyof typeof collections;
export type SingletonName = keyof typeof singletons;

/** An image for a path below content/images (e.g. works/humm-cover.jpg), null while it loads. */
export type ImageResolver = (path: string) => IGatsbyImageData | null;

/** A node of the graph: what a GraphQL query of the build returns for it (any selection). */
export type Node = Record<string, unknown>;

/** What shaping a value looks up: the node a reference names, the image an image path names. */
export interface Lookups {
  node(type: string, slug: string): Node | null;
  image: ImageResolver;
}

/** The collection or settings file each GraphQL type (Service, SiteSettings, ...) is written in. */
export const TYPE_OF = {
  ...Object.fromEntries(Object.entries(collections).map(([name, c]) => [c.type, name])),
  ...Object.fromEntries(Object.entries(singletons).map(([name, s]) => [s.type, name])),
} as Record<string, CollectionName | SingletonName>;

const outputSchemas = new Map<string, JsonSchema>();
/** The JSON Schema of a type's output (after defaults and transforms), made once per type. */
export const outputSchema = (type: string): JsonSchema => {
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
export function parsed(
  schema: { safeParse(data: unknown): { success: boolean; data?: unknown } },
  data: unknown,
): Data {
  const result = schema.safeParse(data);
  return (result.success ? result.data : data) as Data;
}

/** A value shaped as the schema's GraphQL type: references resolved, images as image data. */
export function shape(schema: JsonSchema, value: unknown, lookups: Lookups): unknown {
  const variants = objectVariants(schema);
  if (variants && variants.length > 0) return shape(mergeVariants(variants), value, lookups);
  if (schema.ref) return typeof value === "string" && value ? lookups.node(schema.ref, value) : null;
  if (schema.image) {
    if (typeof value !== "string" || !value) return null;
    // Looked up when a view reads it, so only the images a page shows are fetched: Decap fetches
    // each through the backend (on GitHub, an API request) and holds every field of the editor
    // still while any is loading. Null while it loads, as the views read it (`src?.childImageSharp`).
    let data: IGatsbyImageData | null | undefined;
    return {
      get childImageSharp() {
        if (data === undefined) data = lookups.image(value);
        return data ? { gatsbyImageData: data } : null;
      },
    };
  }
  if (schema.type === "array") {
    if (!Array.isArray(value)) return value === undefined || value === null ? null : [];
    const items = schema.items ?? {};
    const list = value.map((v) => shape(items, v, lookups));
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
        v === undefined || v === null
          ? required.has(name)
            ? empty(sub, lookups)
            : null
          : shape(sub, v, lookups);
    }
    return out;
  }
  return value ?? null;
}

/** A required field that is not written yet (a new entry): empty, so the view still renders. */
function empty(schema: JsonSchema, lookups: Lookups): unknown {
  if (objectVariants(schema)?.length || schema.type === "object") return shape(schema, {}, lookups);
  if (schema.ref || schema.image) return null;
  if (schema.type === "array") return [];
  if (schema.type === "string") return "";
  if (schema.type === "boolean") return false;
  return null;
}
