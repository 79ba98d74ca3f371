/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { loadContent } from "../content";
import { comparePortfolio, sortWorks, withPortfolioOrder } from "../portfolioOrder";
import { neighbours, worksForIndustry, worksForService } from "../relations";

const w = (slug: string, client: string, year: number) => ({ slug, client, year });

test("newest first, then by client name, then by slug", () => {
  const works = [
    w("b-2", "Beacon", 2023),
    w("a", "Acme", 2022),
    w("b-1", "Beacon", 2023),
    w("z", "Zenith", 2024),
    w("c", "Acme", 2023),
  ];
  expect(sortWorks(works).map((x) => x.slug)).toEqual(["z", "c", "b-1", "b-2", "a"]);
});

test("client names sort as a reader expects, whatever their case or accents", () => {
  const works = [
    w("zeta", "Zeta", 2024),
    w("ios", "iOS Lab", 2024),
    w("eclair", "Éclair", 2024),
    w("humm", "Humm", 2024),
  ];
  // Code-unit order (what a plain GraphQL string sort does) would put "iOS Lab" and "Éclair" after "Zeta".
  expect(sortWorks(works).map((x) => x.client)).toEqual(["Éclair", "Humm", "iOS Lab", "Zeta"]);
});

test("the comparator is a total order: no two case studies tie", () => {
  const works = [w("a-1", "Same", 2024), w("a-2", "Same", 2024)];
  expect(comparePortfolio(works[0], works[1])).toBeLessThan(0);
  expect(comparePortfolio(works[1], works[0])).toBeGreaterThan(0);
});

test("portfolioOrder numbers the case studies 0, 1, 2... in that order, leaving the input as it is", () => {
  const works = [w("old", "Old", 2019), w("new", "New", 2025), w("mid", "Mid", 2022)];
  const numbered = withPortfolioOrder(works);
  expect(numbered.map((x) => [x.slug, x.portfolioOrder])).toEqual([
    ["old", 2],
    ["new", 0],
    ["mid", 1],
  ]);
  expect(works[0]).not.toHaveProperty("portfolioOrder");
});

describe("with the real content, every list follows the one order", () => {
  const content = loadContent(path.resolve(__dirname, "../../../content"));
  const numbered = withPortfolioOrder(content.works);
  const byField = [...numbered].sort((a, b) => a.portfolioOrder - b.portfolioOrder).map((x) => x.slug);
  const place = new Map(numbered.map((x) => [x.slug, x.portfolioOrder]));

  test("sorting by the portfolioOrder field gives the comparator's order", () => {
    expect(byField).toEqual(sortWorks(content.works).map((x) => x.slug));
    expect(new Set(place.values()).size).toBe(content.works.length);
  });

  test("previous and next (relations) are the neighbours by portfolioOrder", () => {
    for (const work of content.works) {
      const i = place.get(work.slug)!;
      const n = byField.length;
      expect({ slug: work.slug, ...neighbours(content.works, work.slug) }).toMatchObject({
        slug: work.slug,
        previous: { slug: byField[(i - 1 + n) % n] },
        next: { slug: byField[(i + 1) % n] },
      });
    }
  });

  test("a service's and an industry's case studies are listed by portfolioOrder", () => {
    const inOrder = (list: { slug: string }[]) => {
      const places = list.map((x) => place.get(x.slug)!);
      return places.every((p, i) => i === 0 || places[i - 1] < p);
    };
    for (const s of content.services)
      expect({ s: s.slug, ok: inOrder(worksForService(content.works, s.slug)) }).toEqual({
        s: s.slug,
        ok: true,
      });
    for (const i of content.industries)
      expect({ i: i.slug, ok: inOrder(worksForIndustry(content.works, i.slug)) }).toEqual({
        i: i.slug,
        ok: true,
      });
  });
});

/** Every GraphQL selection of case studies in the site's source, with the file it is in. */
function allWorkSelections(): { file: string; args: string }[] {
  const root = path.resolve(__dirname, "../../..");
  const found: { file: string; args: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "__tests__" && entry.name !== "node_modules") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        const text = fs.readFileSync(full, "utf8");
        for (const m of text.matchAll(/\ballWork(?:\(([^)]*)\))?\s*\{/g))
          found.push({ file: path.relative(root, full), args: m[1] ?? "" });
      }
    }
  };
  for (const dir of ["src", "gatsby"]) walk(path.join(root, dir));
  return found;
}

test("the queries that list case studies sort by portfolioOrder and by nothing else", () => {
  const selections = allWorkSelections();
  const sorted = selections.filter((s) => /\bsort:/.test(s.args));
  // The works index pages, the route table (and the portfolio index it builds), the menus.
  expect(sorted.map((s) => s.file).sort()).toEqual([
    "gatsby/node/createPages.ts",
    "src/hooks/useSiteData.ts",
    "src/templates/WorksIndex.tsx",
  ]);
  for (const s of sorted)
    expect({ file: s.file, sort: s.args.match(/sort:\s*(\{[^}]*\})/)?.[1] }).toEqual({
      file: s.file,
      sort: "{ portfolioOrder: ASC }",
    });
});
