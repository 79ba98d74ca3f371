/** @jest-environment node */
import path from "node:path";
import { industrySchema, serviceSchema, toJsonSchema, workSchema, type JsonSchema } from "../../../schemas";
import { loadContent } from "../content";
import { sortWorks } from "../portfolioOrder";
import { industriesForService, moreWork, neighbours, worksForIndustry, worksForService } from "../relations";

const w = (slug: string, industry: string, services: string[], year = 2024, platforms = ["web"]) => ({
  slug,
  client: slug.toUpperCase(),
  year,
  industry,
  services,
  platforms,
});

const works = [
  w("a", "finance", ["react", "node"], 2022),
  w("b", "finance", ["python"], 2025),
  w("c", "health", ["react", "node"], 2023),
  w("d", "health", ["design"], 2024),
  w("e", "travel", ["react"], 2021),
  w("f", "sports", ["android"], 2020),
];

test("portfolio order is newest first", () => {
  expect(sortWorks(works).map((x) => x.slug)).toEqual(["b", "d", "c", "a", "e", "f"]);
});

test("a service's case studies are the ones that name it", () => {
  expect(worksForService(works, "react").map((x) => x.slug)).toEqual(["c", "a", "e"]);
  expect(worksForService(works, "unused")).toEqual([]);
});

test("an industry's case studies are the ones that name it", () => {
  expect(worksForIndustry(works, "health").map((x) => x.slug)).toEqual(["d", "c"]);
});

test("a service's industries: those that list it, then those of its case studies", () => {
  const industries = [
    { slug: "finance", services: ["python"] },
    { slug: "health", services: ["react"] },
    { slug: "travel", services: [] },
    { slug: "sports", services: [] },
  ];
  expect(industriesForService(industries, works, "react").map((i) => i.slug)).toEqual([
    "health",
    "finance",
    "travel",
  ]);
});

test("More work ranks shared industry above shared services, then newer first", () => {
  // a: finance + react,node. b shares the industry (3); c shares two services (2); e shares one (1).
  expect(moreWork(works, "a").map((x) => x.slug)).toEqual(["b", "c", "e"]);
  expect(moreWork(works, "a", 10).map((x) => x.slug)).not.toContain("a");
  expect(moreWork(works, "zzz")).toEqual([]);
});

test("More work puts unrelated case studies after every related one", () => {
  // f shares neither industry nor services with a: it only fills the list, last.
  expect(moreWork(works, "a", 10).map((x) => x.slug)).toEqual(["b", "c", "e", "d", "f"]);
});

test("More work breaks ties between equally related case studies by shared platforms", () => {
  const list = [
    w("self", "finance", ["react"], 2024, ["ios", "android"]),
    w("newer-web", "health", ["react"], 2025, ["web"]),
    w("older-mobile", "travel", ["react"], 2020, ["ios"]),
  ];
  expect(moreWork(list, "self").map((x) => x.slug)).toEqual(["older-mobile", "newer-web"]);
});

test("More work still suggests three when nothing is related: shared platforms first, then newest", () => {
  const list = [
    w("lonely", "space", ["rockets"], 2024, ["vr"]),
    w("newest", "finance", ["react"], 2025, ["web"]),
    w("vr-old", "health", ["design"], 2019, ["vr", "web"]),
    w("middle", "travel", ["node"], 2023, ["ios"]),
    w("oldest", "sports", ["android"], 2018, ["android"]),
  ];
  expect(moreWork(list, "lonely").map((x) => x.slug)).toEqual(["vr-old", "newest", "middle"]);
  // Never more than the other case studies there are.
  expect(moreWork(list.slice(0, 2), "lonely").map((x) => x.slug)).toEqual(["newest"]);
});

test("previous and next wrap around the portfolio order", () => {
  expect(neighbours(works, "b")).toEqual({ previous: works[5], next: works[3] });
  expect(neighbours(works, "f").next?.slug).toBe("b");
  expect(neighbours(works, "zzz")).toEqual({});
});

/** Every reference an entry's schema declares, as the names of the collections it points to. */
function referencedTypes(schema: JsonSchema): string[] {
  const children = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ];
  return [...(schema.ref ? [schema.ref] : []), ...children.flatMap(referencedTypes)];
}

test("relations are declared once, on the case study: services and industries name no case studies", () => {
  expect(referencedTypes(toJsonSchema(workSchema))).toEqual(expect.arrayContaining(["Industry", "Service"]));
  expect(referencedTypes(toJsonSchema(serviceSchema))).not.toContain("Work");
  expect(referencedTypes(toJsonSchema(industrySchema))).not.toContain("Work");
});

describe("with the real content", () => {
  const content = loadContent(path.resolve(__dirname, "../../../content"));

  test("there are 39 case studies", () => {
    expect(content.works).toHaveLength(39);
  });

  test("every case study gets three More work suggestions, related ones first", () => {
    for (const work of content.works) {
      const more = moreWork(content.works, work.slug, 3);
      expect({ slug: work.slug, count: more.length }).toEqual({ slug: work.slug, count: 3 });
      expect(more.map((m) => m.slug)).not.toContain(work.slug);
      // The first suggestion always shares the industry or a service.
      const first = more[0];
      const related =
        first.industry === work.industry || first.services.some((s) => work.services.includes(s));
      expect({ slug: work.slug, related }).toEqual({ slug: work.slug, related: true });
    }
  });

  test("every service and every industry page has at least one case study to show", () => {
    const emptyServices = content.services.filter((s) => worksForService(content.works, s.slug).length === 0);
    const emptyIndustries = content.industries.filter(
      (i) => worksForIndustry(content.works, i.slug).length === 0,
    );
    expect(emptyServices.map((s) => s.slug)).toEqual([]);
    expect(emptyIndustries.map((i) => i.slug)).toEqual([]);
  });
});
