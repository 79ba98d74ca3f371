import { collections, mergeVariants, singletons, toJsonSchema, type JsonSchema } from "../schemas";
import { COLLECTION_PREFIX } from "./routes";

/**
 * The Decap CMS configuration, generated from the content schemas so the editor's forms and the
 * build's validation cannot drift apart: every schema field becomes a widget (references become
 * relation selects, images image pickers into content/images, fixed lists selects).
 */

export interface CmsField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  options?: (string | number)[];
  multiple?: boolean;
  collection?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  fields?: CmsField[];
  field?: CmsField;
  value_type?: string;
  min?: number;
  max?: number;
  pattern?: [string, string];
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  collapsed?: boolean;
  summary?: string;
}

export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  folder?: string;
  create?: boolean;
  delete?: boolean;
  extension?: string;
  format?: string;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  view_groups?: { label: string; field: string }[];
  preview_path?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; fields: CmsField[] }[];
}

/** Relation targets: the collection a reference points to, and the field editors recognise. */
const REF_TARGET: Record<string, { collection: string; display: string }> = {
  Service: { collection: "services", display: "title" },
  Industry: { collection: "industries", display: "title" },
  Work: { collection: "works", display: "client" },
  Country: { collection: "countries", display: "country" },
  Page: { collection: "pages", display: "title" },
};

/**
 * One custom file format per content type: YAML with that type's editor-schema comment kept on
 * the first line (registered in src/cms/cms.ts), so files saved from the CMS keep autocomplete.
 */
export const cmsFormat = (type: string): string => `yaml-${type.toLowerCase()}`;

const label = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/Url$/, "URL")
    .replace(/Faqs/, "FAQs");

function relation(ref: string, multiple: boolean): Partial<CmsField> {
  const target = REF_TARGET[ref];
  return {
    widget: "relation",
    collection: target.collection,
    value_field: "slug",
    search_fields: ["slug", target.display],
    display_fields: [target.display],
    ...(multiple ? { multiple: true } : {}),
  };
}

function imageFolder(collection: string): Partial<CmsField> {
  const sub = collection === "works" ? "works" : "pages";
  return { widget: "image", media_folder: `/content/images/${sub}`, public_folder: sub, choose_url: false };
}

/** A union's variants as one object for the editor: every field optional, since which variant an entry is depends on what the editor fills in. */
const editorVariants = (variants: JsonSchema[]): JsonSchema => ({ ...mergeVariants(variants), required: [] });

/** A number's bounds, which Decap's number field checks before a save (a case study's year). */
const range = (schema: JsonSchema): Pick<CmsField, "min" | "max"> => ({
  ...(typeof schema.minimum === "number" ? { min: schema.minimum } : {}),
  ...(typeof schema.maximum === "number" ? { max: schema.maximum } : {}),
});

export function fieldFor(name: string, schema: JsonSchema, required: boolean, collection: string): CmsField {
  const base: CmsField = { name, label: label(name), widget: "string" };
  if (!required) base.required = false;
  if (schema.description) base.hint = schema.description;
  if (schema.default !== undefined) base.default = schema.default;

  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const objects = variants.filter((v) => v.type === "object");
    if (objects.length > 0)
      return fieldFor(
        name,
        { ...editorVariants(objects), description: schema.description },
        required,
        collection,
      );
    const literals = variants.flatMap((v) => (v.const !== undefined ? [v.const] : (v.enum ?? [])));
    if (literals.length > 0) return { ...base, widget: "select", options: literals as (string | number)[] };
  }
  if (schema.ref) return { ...base, ...relation(schema.ref, false) } as CmsField;
  if (schema.image) return { ...base, ...imageFolder(collection) } as CmsField;
  if (schema.enum) return { ...base, widget: "select", options: schema.enum as (string | number)[] };
  switch (schema.type) {
    case "boolean":
      return { ...base, widget: "boolean" };
    case "integer":
      return { ...base, widget: "number", value_type: "int", ...range(schema) };
    case "number":
      return { ...base, widget: "number", value_type: "float", ...range(schema) };
    case "object":
      return { ...base, widget: "object", collapsed: false, fields: fieldsFor(schema, collection) };
    case "array": {
      const items = schema.items ?? {};
      if (items.ref) return { ...base, ...relation(items.ref, true) } as CmsField;
      if (items.enum) return { ...base, widget: "select", multiple: true, options: items.enum as string[] };
      const itemVariants = items.anyOf ?? items.oneOf;
      if (items.type === "object" || itemVariants) {
        const objectSchema = itemVariants ? editorVariants(itemVariants) : items;
        return { ...base, widget: "list", collapsed: true, fields: fieldsFor(objectSchema, collection) };
      }
      return { ...base, widget: "list", field: fieldFor("value", items, true, collection) };
    }
    default: {
      const long = typeof schema.maxLength === "number" && schema.maxLength > 200;
      const pattern = typeof schema.pattern === "string" ? schema.pattern : undefined;
      return {
        ...base,
        widget: long ? "text" : "string",
        ...(pattern && !schema.image
          ? { pattern: [pattern, "Use the format described in the hint."] as [string, string] }
          : {}),
      };
    }
  }
}

export function fieldsFor(schema: JsonSchema, collection: string): CmsField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, sub]) =>
    fieldFor(name, sub, required.has(name), collection),
  );
}

const COLLECTION_LABELS: Record<string, [string, string]> = {
  services: ["Services", "Service"],
  industries: ["Industries (AI and sector)", "Industry"],
  works: ["Case studies", "Case study"],
  countries: ["Country pages", "Country page"],
  pages: ["Pages", "Page"],
};

/**
 * The OAuth scopes the GitHub backend may ask for. `public_repo` lets the token write to public
 * repositories only; `repo` reaches every repository the editor can, private ones included, so
 * it is asked for only when the site's repository is private (GATSBY_CMS_AUTH_SCOPE=repo).
 */
export const CMS_AUTH_SCOPES = ["public_repo", "repo"] as const;
export type CmsAuthScope = (typeof CMS_AUTH_SCOPES)[number];
export const DEFAULT_CMS_AUTH_SCOPE: CmsAuthScope = "public_repo";

/** Why a GATSBY_CMS_AUTH_SCOPE value cannot be used, or undefined when it can (unset is the default). */
export function cmsAuthScopeProblem(value: string | undefined): string | undefined {
  if (!value || (CMS_AUTH_SCOPES as readonly string[]).includes(value)) return undefined;
  return `"${value}" is not a scope the CMS asks GitHub for: write public_repo (the default, for a public repository) or repo (only for a private repository)`;
}

/** Where each page kind's entries are on the site, for the deploy preview links (shared/routes.ts). */
const PREVIEW_KIND: Record<string, keyof typeof COLLECTION_PREFIX> = {
  services: "service",
  industries: "industry",
  works: "work",
  countries: "country",
};

export interface CmsOptions {
  /** GATSBY_CMS_REPO: owner/name of the GitHub repository. */
  repo?: string;
  /** GATSBY_CMS_BRANCH: the branch the live site is built from. */
  branch?: string;
  /** GATSBY_CMS_AUTH_URL: the OAuth endpoint's origin (Netlify's when unset). */
  authUrl?: string;
  /** GATSBY_CMS_AUTH_SCOPE: public_repo (default) or repo. */
  authScope?: string;
  /**
   * GATSBY_CMS_PREVIEW_CONTEXT: the commit status that carries a draft's deploy preview. Unset,
   * Decap takes the first status whose name contains "deploy" (Netlify's is
   * "netlify/<site>/deploy-preview").
   */
  previewContext?: string;
}

export function buildCmsConfig(options: CmsOptions = {}) {
  const scopeProblem = cmsAuthScopeProblem(options.authScope);
  if (scopeProblem) throw new Error(`GATSBY_CMS_AUTH_SCOPE: ${scopeProblem}`);
  const authScope = (options.authScope || DEFAULT_CMS_AUTH_SCOPE) as CmsAuthScope;
  const folderCollections: CmsCollection[] = Object.entries(collections).map(
    ([name, { dir, schema, type }]) => {
      const [plural, singular] = COLLECTION_LABELS[name];
      const summaryField = name === "works" ? "client" : name === "countries" ? "country" : "title";
      return {
        name,
        label: plural,
        label_singular: singular,
        folder: `content/${dir}`,
        extension: "yaml",
        format: cmsFormat(type),
        create: name !== "pages",
        delete: name !== "pages",
        identifier_field: "slug",
        slug: "{{fields.slug}}",
        summary: `{{${summaryField}}} ({{slug}})`,
        ...(name === "industries" ? { view_groups: [{ label: "Kind", field: "kind" }] } : {}),
        // A draft's deploy preview opens on the entry's own page (content/pages entries have
        // addresses of their own, /about or /, so their link opens the preview's home page).
        ...(PREVIEW_KIND[name]
          ? { preview_path: `${COLLECTION_PREFIX[PREVIEW_KIND[name]].slice(1)}{{slug}}` }
          : {}),
        fields: fieldsFor(toJsonSchema(schema, "input"), name),
      };
    },
  );
  // Site settings, navigation and footer: one single-file collection each (the format, and so the
  // schema line, is set per collection).
  const settings: CmsCollection[] = Object.entries(singletons).map(([name, { file, schema, type }]) => {
    const title = name === "site" ? "Site settings" : label(name);
    return {
      name,
      label: title,
      format: cmsFormat(type),
      extension: "yaml",
      files: [
        {
          name,
          label: title,
          file: `content/${file}`,
          fields: fieldsFor(toJsonSchema(schema, "input"), name),
        },
      ],
    };
  });
  return {
    // Production: the GitHub backend (needs an OAuth app and an auth endpoint; see
    // docs/editing-content.md). Local: `npm run cms` starts decap-server beside the site.
    backend: {
      name: "github",
      repo: options.repo || "copperline-labs/website",
      branch: options.branch || "main",
      auth_scope: authScope,
      ...(options.authUrl ? { base_url: options.authUrl } : {}),
      ...(options.previewContext ? { preview_context: options.previewContext } : {}),
    },
    // Saving makes a draft: a branch and a pull request (the host builds it as a deploy preview,
    // the content checks run on it). Publishing, which merges it into the live branch, is a
    // separate step. decap-server's file mode (`npm run cms`) has no branches: there Decap falls
    // back to publishing straight into the files, which the developer then commits.
    publish_mode: "editorial_workflow",
    // The editor's toolbar links to the draft's deploy preview once the host reports it.
    show_preview_links: true,
    // Decap looks for decap-server only when the admin itself is opened on localhost.
    local_backend: true,
    load_config_file: false,
    media_folder: "content/images",
    public_folder: "",
    collections: [...folderCollections, ...settings],
  };
}

export type CmsConfig = ReturnType<typeof buildCmsConfig>;
