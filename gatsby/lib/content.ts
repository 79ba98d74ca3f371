import fs from "node:fs";
import path from "node:path";
import { parseDocument } from "yaml";
import type { z } from "zod";
import {
  collections,
  PAGE_SLUGS,
  singletons,
  toJsonSchema,
  type CollectionName,
  type Country,
  type Footer,
  type Industry,
  type JsonSchema,
  type Navigation,
  type Page,
  type Service,
  type Site,
  type Work,
} from "../../schemas";

/**
 * Reads every file under content/, validates it against its schema and checks references
 * between files. All problems are collected, so an editor sees every mistake in one build,
 * each naming the file, the field and what to write instead.
 */

export interface ContentProblem {
  file: string;
  field?: string;
  message: string;
}

export class ContentError extends Error {
  constructor(public readonly problems: ContentProblem[]) {
    super(
      `The content has ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  - ${formatProblem(p)}`).join("\n"),
    );
    this.name = "ContentError";
  }
}

export const formatProblem = (p: ContentProblem): string =>
  `${p.file}${p.field ? ` › ${p.field}` : ""}: ${p.message}`;

export interface Content {
  site: Site;
  navigation: Navigation;
  footer: Footer;
  services: Service[];
  industries: Industry[];
  works: Work[];
  countries: Country[];
  pages: Page[];
  /** Where each entry came from, for error messages and for the CMS tests. */
  files: Record<string, string>;
}

const refFolders: Record<string, CollectionName> = {
  Service: "services",
  Industry: "industries",
  Work: "works",
  Country: "countries",
  Page: "pages",
};

function describeType(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return "text";
  return `a ${typeof value}`;
}

const expectedWord: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (lines starting with '- ')",
  object: "a group of indented fields",
};

function fieldPath(segments: PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === "number" ? `[${s}]` : `${i === 0 ? "" : "."}${String(s)}`))
    .join("");
}

function valueAt(data: unknown, segments: PropertyKey[]): unknown {
  let current: unknown = data;
  for (const s of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[s];
  }
  return current;
}

function schemaAt(schema: JsonSchema, segments: PropertyKey[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const s of segments) {
    if (!current) return undefined;
    if (typeof s === "number") current = current.items;
    else current = current.properties?.[String(s)];
  }
  return current;
}

/** Turns one zod issue into a sentence an editor can act on. */
function explainIssue(issue: z.core.$ZodIssue, data: unknown, json: JsonSchema): ContentProblem[] {
  const field = fieldPath(issue.path);
  const actual = valueAt(data, issue.path);
  const hint = schemaAt(json, issue.path)?.description;
  const withHint = (msg: string) => (hint ? `${msg} (${hint})` : msg);
  switch (issue.code) {
    case "invalid_type": {
      if (actual === undefined) {
        const name = String(issue.path[issue.path.length - 1] ?? "field");
        return [
          {
            file: "",
            field,
            message: withHint(
              `required field is missing: add \`${name}:\` with ${expectedWord[issue.expected] ?? issue.expected}`,
            ),
          },
        ];
      }
      return [
        {
          file: "",
          field,
          message: withHint(
            `expected ${expectedWord[issue.expected] ?? issue.expected}, found ${describeType(actual)}`,
          ),
        },
      ];
    }
    case "unrecognized_keys": {
      const parent = schemaAt(json, issue.path);
      const allowed = Object.keys(parent?.properties ?? {}).join(", ");
      return issue.keys.map((key) => ({
        file: "",
        field: fieldPath([...issue.path, key]),
        message: `unknown field: remove it or check its spelling (allowed here: ${allowed})`,
      }));
    }
    case "invalid_value":
      return [
        {
          file: "",
          field,
          message: `"${String(actual)}" is not allowed: write one of ${issue.values.map((v) => String(v)).join(", ")}`,
        },
      ];
    case "too_small":
    case "too_big": {
      const what = issue.origin === "array" ? "items" : issue.origin === "string" ? "characters" : "";
      const bound = issue.code === "too_small" ? "at least" : "at most";
      const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const length = typeof actual === "string" || Array.isArray(actual) ? ` (now ${actual.length})` : "";
      return [
        {
          file: "",
          field,
          message: withHint(`needs ${bound} ${String(limit)} ${what}${length}`.replace(/\s+/g, " ")),
        },
      ];
    }
    case "invalid_union":
      return [{ file: "", field, message: withHint(issue.message) }];
    default:
      return [{ file: "", field, message: withHint(issue.message) }];
  }
}

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

function readYaml(absolute: string, display: string, problems: ContentProblem[]): unknown | undefined {
  const doc = parseDocument(fs.readFileSync(absolute, "utf8"), { prettyErrors: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = error.linePos?.[0];
      problems.push({
        file: display,
        field: line ? `line ${line.line}` : undefined,
        message: `not valid YAML: ${error.message.split("\n")[0]}. Check the indentation and quote text that contains a colon.`,
      });
    }
    return undefined;
  }
  return doc.toJS();
}

function validate<T>(
  schema: z.ZodType<T>,
  data: unknown,
  display: string,
  problems: ContentProblem[],
): T | undefined {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const json = toJsonSchema(schema, "input");
  for (const issue of result.error.issues) {
    for (const p of explainIssue(issue, data, json)) problems.push({ ...p, file: display });
  }
  return undefined;
}

export interface LoadOptions {
  /** How file names appear in messages; defaults to paths relative to the project. */
  displayRoot?: string;
}

export function loadContent(contentDir: string, options: LoadOptions = {}): Content {
  const root = options.displayRoot ?? path.dirname(contentDir);
  const display = (absolute: string) => path.relative(root, absolute).split(path.sep).join("/");
  const problems: ContentProblem[] = [];
  const files: Record<string, string> = {};

  const singleton = <K extends keyof typeof singletons>(key: K) => {
    const { file, schema } = singletons[key];
    const absolute = path.join(contentDir, file);
    const shown = display(absolute);
    if (!fs.existsSync(absolute)) {
      problems.push({ file: shown, message: `file is missing: create ${shown}` });
      return undefined;
    }
    const data = readYaml(absolute, shown, problems);
    return data === undefined
      ? undefined
      : (validate(schema as z.ZodType, data, shown, problems) as z.infer<(typeof singletons)[K]["schema"]>);
  };

  const site = singleton("site");
  const navigation = singleton("navigation");
  const footer = singleton("footer");

  const loaded = {} as { [K in CollectionName]: z.infer<(typeof collections)[K]["schema"]>[] };
  const rawByCollection = {} as Record<CollectionName, { file: string; data: unknown }[]>;

  for (const name of Object.keys(collections) as CollectionName[]) {
    const { dir, schema } = collections[name];
    const folder = path.join(contentDir, dir);
    const entries: { slug: string }[] = [];
    rawByCollection[name] = [];
    const seen = new Map<string, string>();
    const names = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((f) => /\.ya?ml$/.test(f))
          .sort()
      : [];
    for (const fileName of names) {
      const absolute = path.join(folder, fileName);
      const shown = display(absolute);
      const data = readYaml(absolute, shown, problems);
      if (data === undefined) continue;
      rawByCollection[name].push({ file: shown, data });
      const entry = validate(schema as z.ZodType, data, shown, problems) as { slug: string } | undefined;
      if (!entry) continue;
      const expected = fileName.replace(/\.ya?ml$/, "");
      if (entry.slug !== expected) {
        problems.push({
          file: shown,
          field: "slug",
          message: `"${entry.slug}" does not match the file name: write \`slug: ${expected}\` or rename the file to ${entry.slug}.yaml`,
        });
        continue;
      }
      const previous = seen.get(entry.slug);
      if (previous) {
        problems.push({
          file: shown,
          field: "slug",
          message: `duplicate slug "${entry.slug}", also used by ${previous}: give each entry its own slug and keep one file per slug`,
        });
        continue;
      }
      seen.set(entry.slug, shown);
      files[`${name}/${entry.slug}`] = shown;
      entries.push(entry);
    }
    (loaded as Record<string, unknown[]>)[name] = entries;
  }

  // Every page the site needs has a file.
  const pageSlugs = new Set(loaded.pages.map((p) => p.slug));
  for (const slug of PAGE_SLUGS) {
    if (!pageSlugs.has(slug) && !rawByCollection.pages.some((r) => path.basename(r.file, ".yaml") === slug)) {
      problems.push({
        file: `${display(path.join(contentDir, "pages"))}/${slug}.yaml`,
        message: `file is missing: every page (${PAGE_SLUGS.join(", ")}) needs its own file`,
      });
    }
  }

  // References and images, found through the schema's own markers.
  const known: Record<string, Set<string>> = Object.fromEntries(
    Object.entries(refFolders).map(([type, folder]) => [
      type,
      new Set(
        folder === "pages"
          ? [...PAGE_SLUGS]
          : rawByCollection[folder].map((r) => path.basename(r.file).replace(/\.ya?ml$/, "")),
      ),
    ]),
  );
  const imagesDir = path.join(contentDir, "images");
  const checkMarked = (schema: z.ZodType, file: string, data: unknown) => {
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
  };
  for (const name of Object.keys(collections) as CollectionName[]) {
    for (const { file, data } of rawByCollection[name]) {
      checkMarked(collections[name].schema as z.ZodType, file, data);
    }
  }
  for (const key of Object.keys(singletons) as (keyof typeof singletons)[]) {
    const absolute = path.join(contentDir, singletons[key].file);
    const value = { site, navigation, footer }[key];
    if (value) checkMarked(singletons[key].schema as z.ZodType, display(absolute), value);
  }

  if (navigation) {
    const file = display(path.join(contentDir, singletons.navigation.file));
    problems.push(
      ...checkNavigation(navigation, loaded.services, loaded.industries).map((p) => ({
        ...p,
        file,
      })),
    );
  }

  if (problems.length > 0 || !site || !navigation || !footer) throw new ContentError(problems);

  return {
    site,
    navigation,
    footer,
    services: loaded.services,
    industries: loaded.industries,
    works: loaded.works,
    countries: loaded.countries,
    pages: loaded.pages,
    files,
  };
}

/** The spec's menu rules: services columns hold 1, 1, 2 and 2 groups; every entry is listed once. */
export const SERVICE_COLUMN_GROUPS = [1, 1, 2, 2] as const;

export function checkNavigation(
  navigation: Navigation,
  services: Service[],
  industries: Industry[],
): Omit<ContentProblem, "file">[] {
  const problems: Omit<ContentProblem, "file">[] = [];
  navigation.services.columns.forEach((column, i) => {
    const expected = SERVICE_COLUMN_GROUPS[i];
    if (expected !== undefined && column.groups.length !== expected) {
      problems.push({
        field: `services.columns[${i}].groups`,
        message: `column ${i + 1} holds ${column.groups.length} groups; the services menu columns hold ${SERVICE_COLUMN_GROUPS.join(", ")} groups`,
      });
    }
  });
  const listedServices = navigation.services.columns.flatMap((c) => c.groups.flatMap((g) => g.items));
  const once = (listed: string[], all: string[], field: string, what: string) => {
    for (const slug of all) {
      const count = listed.filter((s) => s === slug).length;
      if (count === 0) {
        problems.push({ field, message: `${what} "${slug}" is not in the menu: add it to a list` });
      } else if (count > 1) {
        problems.push({ field, message: `${what} "${slug}" is listed ${count} times: keep one` });
      }
    }
  };
  once(
    listedServices,
    services.map((s) => s.slug),
    "services",
    "service",
  );
  const byKind = (kind: Industry["kind"]) => industries.filter((i) => i.kind === kind).map((i) => i.slug);
  once(navigation.industries.sector.items, byKind("sector"), "industries.sector.items", "industry");
  once(navigation.industries.ai.items, byKind("ai"), "industries.ai.items", "AI industry");
  for (const [field, items, kind] of [
    ["industries.sector.items", navigation.industries.sector.items, "sector"],
    ["industries.ai.items", navigation.industries.ai.items, "ai"],
  ] as const) {
    items.forEach((slug, i) => {
      const entry = industries.find((x) => x.slug === slug);
      if (entry && entry.kind !== kind) {
        problems.push({
          field: `${field}[${i}]`,
          message: `"${slug}" has kind ${entry.kind}: move it to industries.${entry.kind}.items`,
        });
      }
    });
  }
  return problems;
}
