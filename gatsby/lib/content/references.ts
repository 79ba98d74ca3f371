import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { PAGE_SLUGS, toJsonSchema, type CollectionName, type JsonSchema } from "../../../schemas";
import { fieldPath } from "./explain";
import type { ContentProblem } from "./problems";

/**
 * References between files (a case study naming its industry, a menu naming a service) and image
 * paths, found through the markers the schemas put on those fields, checked against the files
 * that exist.
 */

const refFolders: Record<string, CollectionName> = {
  Service: "services",
  Industry: "industries",
  Work: "works",
  Country: "countries",
  Page: "pages",
};

interface Marked {
  field: string;
  value: string;
  ref?: string;
  image?: boolean;
}

/** Walks data alongside its JSON Schema, yielding every value marked as a reference or image. */
export function collectMarked(schema: JsonSchema, data: unknown, at: PropertyKey[] = []): Marked[] {
  if (data === undefined || data === null) return [];
  if (typeof data === "string" && (schema.ref || schema.image)) {
    return [{ field: fieldPath(at), value: data, ref: schema.ref, image: schema.image }];
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap((v) => collectMarked(v, data, at));
  if (Array.isArray(data) && schema.items) {
    const items = schema.items;
    return data.flatMap((item, i) => collectMarked(items, item, [...at, i]));
  }
  if (typeof data === "object" && schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, sub]) =>
      collectMarked(sub, (data as Record<string, unknown>)[key], [...at, key]),
    );
  }
  return [];
}

/** One file's data and the schema that marks its references. */
export interface Document {
  file: string;
  schema: z.ZodType;
  data: unknown;
}

/**
 * Problems with the references and images in `documents`. `slugs` holds the slugs that exist in
 * each collection (from the file names, so a file with other mistakes can still be referred to);
 * a page is referred to by one of PAGE_SLUGS.
 */
export function checkReferences(
  contentDir: string,
  slugs: Record<CollectionName, string[]>,
  documents: Document[],
): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const known: Record<string, Set<string>> = Object.fromEntries(
    Object.entries(refFolders).map(([type, folder]) => [
      type,
      new Set(folder === "pages" ? [...PAGE_SLUGS] : slugs[folder]),
    ]),
  );
  const imagesDir = path.join(contentDir, "images");
  for (const { file, schema, data } of documents) {
    for (const mark of collectMarked(toJsonSchema(schema, "input"), data)) {
      if (mark.ref) {
        const pool = known[mark.ref];
        if (pool && !pool.has(mark.value)) {
          const folder = refFolders[mark.ref];
          const examples = [...pool].slice(0, 3).join(", ");
          problems.push({
            file,
            field: mark.field,
            message: `unknown ${mark.ref.toLowerCase()} "${mark.value}": write the slug of a file in content/${folder}/ (for example ${examples})`,
          });
        }
      }
      if (mark.image && !fs.existsSync(path.join(imagesDir, mark.value))) {
        problems.push({
          file,
          field: mark.field,
          message: `image not found: add the file content/images/${mark.value} or correct the path`,
        });
      }
    }
  }
  return problems;
}
