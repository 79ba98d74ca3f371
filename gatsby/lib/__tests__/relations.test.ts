/** @jest-environment node */
import {
  industriesForService,
  moreWork,
  neighbours,
  sortWorks,
  worksForIndustry,
  worksForService,
} from "../relations";

const w = (slug: string, industry: string, services: string[], year = 2024) => ({
  slug,
  client: slug.toUpperCase(),
  year,
  industry,
  services,
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
  expect(moreWork(works, "a", 10).map((x) => x.slug)).not.toContain("f");
  expect(moreWork(works, "a", 10).map((x) => x.slug)).not.toContain("a");
});

test("previous and next wrap around the portfolio order", () => {
  expect(neighbours(works, "b")).toEqual({ previous: works[5], next: works[3] });
  expect(neighbours(works, "f").next?.slug).toBe("b");
  expect(neighbours(works, "zzz")).toEqual({});
});
