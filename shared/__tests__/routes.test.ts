/** @jest-environment node */
import {
  breadcrumbs,
  buildRoutes,
  isStandalonePath,
  normalizePath,
  RouteConflictError,
  topicFromPath,
  WORKS_PER_PAGE,
  type RouteInput,
} from "../routes";

const input: RouteInput = {
  pages: ["home", "about", "contact", "privacy", "works", "casestudy", "new-home"].map((slug) => ({
    slug,
    title: slug,
  })),
  services: [{ slug: "nlp-solutions", title: "NLP Solutions" }],
  industries: [
    { slug: "ai-in-finance", title: "AI in Finance" },
    { slug: "finance", title: "Finance" },
  ],
  works: [{ slug: "lighthouse_storage", title: "Lighthouse Storage" }],
  countries: [
    { slug: "uk", title: "Software & AI development in the UK", country: "United Kingdom" },
    { slug: "en-us", title: "Software & AI development in the US", country: "United States" },
  ],
};

test("every entry gets its path and template", () => {
  const routes = buildRoutes(input);
  const table = Object.fromEntries(routes.map((r) => [r.path, r.template]));
  expect(table).toEqual({
    "/": "home",
    "/about": "page",
    "/contact": "contact",
    "/privacy": "page",
    "/works": "worksIndex",
    "/casestudy": "casestudy",
    "/new-home": "newHome",
    "/services/nlp-solutions": "service",
    "/industries/ai-in-finance": "industry",
    "/industries/finance": "industry",
    "/works/lighthouse_storage": "work",
    "/uk": "country",
    "/en-us": "country",
  });
});

test("only the home and new-home pages start with a transparent navbar", () => {
  const transparent = buildRoutes(input)
    .filter((r) => !r.solidNavbar)
    .map((r) => r.path);
  expect(transparent).toEqual(["/", "/new-home"]);
});

test("the new home page has no shared layout and is not indexed", () => {
  const newHome = buildRoutes(input).find((r) => r.path === "/new-home")!;
  expect(newHome.layout).toBe(false);
  expect(newHome.indexed).toBe(false);
  expect(buildRoutes(input).filter((r) => !r.layout)).toHaveLength(1);
});

test("two entries with the same address fail with both names", () => {
  expect(() =>
    buildRoutes({
      ...input,
      countries: [...input.countries, { slug: "about", title: "About land", country: "About" }],
    }),
  ).toThrow(
    new RouteConflictError(
      'Two entries want the address /about: the page "about" and the country "about". Rename one of the files (and its slug).',
    ),
  );
});

test("standalone paths match with and without a trailing slash", () => {
  expect(isStandalonePath("/new-home")).toBe(true);
  expect(isStandalonePath("/new-home/")).toBe(true);
  expect(isStandalonePath("/new-home-2")).toBe(false);
  expect(isStandalonePath("/")).toBe(false);
  expect(normalizePath("/about/")).toBe("/about");
  expect(normalizePath("/")).toBe("/");
});

test("breadcrumbs follow the parent links from home", () => {
  const routes = buildRoutes(input);
  expect(breadcrumbs(routes, "/works/lighthouse_storage/")).toEqual([
    { path: "/", title: "home" },
    { path: "/works", title: "works" },
    { path: "/works/lighthouse_storage", title: "Lighthouse Storage" },
  ]);
  expect(breadcrumbs(routes, "/nowhere")).toEqual([]);
});

test("a country page's crumb is the country's name, not its long title", () => {
  expect(breadcrumbs(buildRoutes(input), "/uk").at(-1)).toEqual({ path: "/uk", title: "United Kingdom" });
});

test("the privacy notice is an indexed page under home, with a solid navbar", () => {
  const privacy = buildRoutes(input).find((r) => r.path === "/privacy")!;
  expect(privacy).toMatchObject({
    template: "page",
    kind: "page",
    solidNavbar: true,
    indexed: true,
    parent: "/",
  });
});

test("a page's topic comes from its path: services, industries and case studies", () => {
  expect(topicFromPath("/services/nlp-solutions")).toEqual({ kind: "service", slug: "nlp-solutions" });
  expect(topicFromPath("/industries/ai-in-finance/")).toEqual({ kind: "industry", slug: "ai-in-finance" });
  expect(topicFromPath("/works/lighthouse_storage")).toEqual({ kind: "work", slug: "lighthouse_storage" });
  for (const path of ["/", "/contact", "/works", "/services/", "/uk", "/services/a/b"]) {
    expect(topicFromPath(path)).toBeUndefined();
  }
});

test("the works index gets a page per WORKS_PER_PAGE case studies, each with its place in the list", () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ slug: `case-${i}`, title: `Case ${i}` }));
  const listPages = (n: number) =>
    buildRoutes({ ...input, works: many(n) })
      .filter((r) => r.template === "worksIndex")
      .map((r) => [r.path, r.listPage, r.parent]);
  expect(listPages(WORKS_PER_PAGE)).toEqual([["/works", { number: 1, count: 1 }, "/"]]);
  expect(listPages(2 * WORKS_PER_PAGE + 1)).toEqual([
    ["/works", { number: 1, count: 3 }, "/"],
    ["/works/page/2", { number: 2, count: 3 }, "/works"],
    ["/works/page/3", { number: 3, count: 3 }, "/works"],
  ]);
  // A case study called "page" keeps its own address next to the index pages.
  const routes = buildRoutes({ ...input, works: [...many(WORKS_PER_PAGE), { slug: "page", title: "Page" }] });
  expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/works/page", "/works/page/2"]));
});
