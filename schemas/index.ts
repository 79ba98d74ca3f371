import { z } from "zod";
import {
  countrySchema,
  footerSchema,
  industrySchema,
  navigationSchema,
  pageSchema,
  serviceSchema,
  siteSchema,
  workSchema,
} from "./content";

export * from "./content";
export { ICONS, SEARCH_RESULT_LENGTHS, SLUG_PATTERN } from "./common";
export { PLATFORMS, PLATFORM_LABELS, platformLabel, type Platform } from "./platforms";

/**
 * Every kind of content file, in one table. The loader, the GraphQL types, the JSON Schema
 * files for editors and the route table all read it, so a new collection is declared once.
 */
export const collections = {
  services: { type: "Service", dir: "services", schema: serviceSchema },
  industries: { type: "Industry", dir: "industries", schema: industrySchema },
  works: { type: "Work", dir: "works", schema: workSchema },
  countries: { type: "Country", dir: "countries", schema: countrySchema },
  pages: { type: "Page", dir: "pages", schema: pageSchema },
} as const;

export const singletons = {
  site: { type: "SiteSettings", file: "site.yaml", schema: siteSchema },
  navigation: { type: "Navigation", file: "navigation.yaml", schema: navigationSchema },
  footer: { type: "Footer", file: "footer.yaml", schema: footerSchema },
} as const;

export type CollectionName = keyof typeof collections;
export type SingletonName = keyof typeof singletons;

/** Name of the JSON Schema file an editor's YAML extension reads, e.g. `work.schema.json`. */
export const jsonSchemaFileName = (type: string): string => `${type.toLowerCase()}.schema.json`;

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  ref?: string;
  image?: boolean;
  description?: string;
  [key: string]: unknown;
};

/**
 * The object variants of a union as one object: every variant's fields, a field required when
 * every variant requires it (a navbar item always has a label). The build's GraphQL types, the
 * CMS's fields and its preview read unions this one way.
 */
export function mergeVariants(variants: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const v of variants) Object.assign(properties, v.properties ?? {});
  const required = Object.keys(properties).filter((name) =>
    variants.every((v) => v.required?.includes(name)),
  );
  return { type: "object", properties, required };
}

/** JSON Schema of a content type; `io: "input"` is what an editor writes (defaults optional). */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
}
