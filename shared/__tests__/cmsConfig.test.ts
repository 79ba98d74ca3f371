/** @jest-environment node */
import { collections, singletons, toJsonSchema, type JsonSchema } from "../../schemas";
import { buildCmsConfig, cmsAuthScopeProblem, type CmsField } from "../cmsConfig";

/** Every field path of a JSON Schema (objects and lists of objects walked), e.g. "cover.src". */
function schemaPaths(schema: JsonSchema, prefix = ""): string[] {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.flatMap((v) => schemaPaths(v, prefix)))];
  if (schema.type === "array" && schema.items) {
    const items = schema.items;
    const objectish = items.type === "object" || items.anyOf || items.oneOf;
    return objectish ? schemaPaths(items, prefix) : [];
  }
  if (schema.type !== "object") return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, sub]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return [path, ...schemaPaths(sub, path)];
  });
}

function cmsPaths(fields: CmsField[], prefix = ""): string[] {
  return fields.flatMap((f) => {
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    return [path, ...(f.fields ? cmsPaths(f.fields, path) : [])];
  });
}

const config = buildCmsConfig();
const byName = (name: string) => config.collections.find((c) => c.name === name)!;

test("every content collection and settings file has a CMS collection", () => {
  expect(config.collections.map((c) => c.name).sort()).toEqual(
    [...Object.keys(collections), ...Object.keys(singletons)].sort(),
  );
});

test.each(Object.entries(collections))(
  "%s: the CMS fields are exactly the schema's fields",
  (name, { schema }) => {
    expect(cmsPaths(byName(name).fields!).sort()).toEqual(schemaPaths(toJsonSchema(schema, "input")).sort());
  },
);

test.each(Object.entries(singletons))(
  "%s: the CMS fields are exactly the schema's fields",
  (name, { schema }) => {
    expect(cmsPaths(byName(name).files![0].fields).sort()).toEqual(
      schemaPaths(toJsonSchema(schema, "input")).sort(),
    );
  },
);

test("widgets follow the schema: required fields, references as relations, images into content/images", () => {
  const works = byName("works").fields!;
  const field = (name: string) => works.find((f) => f.name === name)!;
  expect(field("headline")).toMatchObject({ widget: "string" });
  expect(field("headline").required).toBeUndefined();
  expect(field("industry")).toMatchObject({
    widget: "relation",
    collection: "industries",
    value_field: "slug",
  });
  expect(field("services")).toMatchObject({ widget: "relation", collection: "services", multiple: true });
  expect(field("platforms")).toMatchObject({ widget: "select", multiple: true });
  expect(field("year")).toMatchObject({ widget: "number", value_type: "int", min: 2010, max: 2030 });
  expect(field("challenge")).toMatchObject({ widget: "text" });
  expect(field("cover").fields!.find((f) => f.name === "src")).toMatchObject({
    widget: "image",
    media_folder: "/content/images/works",
    public_folder: "works",
  });
  const industries = byName("industries").fields!;
  expect(industries.find((f) => f.name === "kind")).toMatchObject({
    widget: "select",
    options: ["ai", "sector"],
  });
  expect(industries.find((f) => f.name === "faqs")).toMatchObject({ widget: "list", required: false });
});

test("local editing with decap-server, files saved as YAML in content/", () => {
  expect(config.local_backend).toBe(true);
  expect(byName("services")).toMatchObject({
    folder: "content/services",
    extension: "yaml",
    slug: "{{fields.slug}}",
  });
  expect(byName("site").files![0].file).toBe("content/site.yaml");
});

describe("the GitHub token's scope", () => {
  test("is public_repo unless the repository is private: the narrowest scope that can commit", () => {
    expect(buildCmsConfig().backend.auth_scope).toBe("public_repo");
    expect(buildCmsConfig({ authScope: "public_repo" }).backend.auth_scope).toBe("public_repo");
  });

  test("is repo (every repository the editor can reach) only when asked for a private repository", () => {
    expect(buildCmsConfig({ authScope: "repo" }).backend.auth_scope).toBe("repo");
  });

  test("anything else is refused with the accepted values, never passed on to GitHub", () => {
    expect(cmsAuthScopeProblem("admin:org")).toMatch(/public_repo.*repo/);
    expect(cmsAuthScopeProblem("repo,user")).toBeDefined();
    expect(cmsAuthScopeProblem(undefined)).toBeUndefined();
    expect(cmsAuthScopeProblem("")).toBeUndefined();
    expect(cmsAuthScopeProblem("repo")).toBeUndefined();
    expect(() => buildCmsConfig({ authScope: "delete_repo" })).toThrow(/GATSBY_CMS_AUTH_SCOPE/);
  });
});

test("a save is a draft (editorial workflow) whose deploy preview opens on the entry's own page", () => {
  expect(config.publish_mode).toBe("editorial_workflow");
  expect(config.show_preview_links).toBe(true);
  // The same addresses the route table gives the pages (shared/routes.ts).
  expect(byName("services").preview_path).toBe("services/{{slug}}");
  expect(byName("industries").preview_path).toBe("industries/{{slug}}");
  expect(byName("works").preview_path).toBe("works/{{slug}}");
  expect(byName("countries").preview_path).toBe("{{slug}}");
  // content/pages entries have addresses of their own (/, /about): their link opens the preview's home.
  expect(byName("pages").preview_path).toBeUndefined();
  expect(config.backend).not.toHaveProperty("preview_context");
  expect(buildCmsConfig({ previewContext: "netlify/copperline/deploy-preview" }).backend).toMatchObject({
    preview_context: "netlify/copperline/deploy-preview",
  });
});
