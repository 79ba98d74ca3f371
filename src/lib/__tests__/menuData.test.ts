/** @jest-environment node */
import { chunk, equalColumns, topLevelEntries, type NavigationInput } from "../menuData";

describe("menu columns", () => {
  test("the industries grid: columns of 6, the remainder in the last", () => {
    expect(chunk([...Array(21).keys()], 6).map((c) => c.length)).toEqual([6, 6, 6, 3]);
  });
  test("other menus: four equal columns", () => {
    expect(equalColumns([...Array(12).keys()], 4).map((c) => c.length)).toEqual([3, 3, 3, 3]);
  });
});

describe("top-level entries", () => {
  const entry = (slug: string) => ({ slug, title: slug.toUpperCase(), icon: null });
  const nav: NavigationInput = {
    top: [
      { label: "Let's talk AI", href: "/#a" },
      { label: "About Us", page: { slug: "about" } },
      { label: "Services", menu: "services" },
      { label: "Industries", menu: "industries" },
      { label: "Portfolio", page: { slug: "works" }, list: "works" },
    ],
    services: {
      columns: [{ groups: [{ title: "Web", icons: false, items: [entry("website-development")] }] }],
    },
    industries: {
      sector: { title: "Industries", items: [entry("finance")] },
      ai: { title: "AI", items: [entry("ai-in-finance")] },
    },
    works: [
      { slug: "humm", client: "Humm", title: "Humm: a payments app built for trust" },
      { slug: "humm-smm", client: "Humm", title: "Humm: social media analytics and creative templates" },
    ],
  };

  test("follow content/navigation.yaml's order, with routes from the route table", () => {
    const entries = topLevelEntries(nav);
    expect(entries.map((e) => [e.key, e.title, e.route])).toEqual([
      ["let-s-talk-ai", "Let's talk AI", "/#a"],
      ["about", "About Us", "/about"],
      ["services", "Services", undefined],
      ["industries", "Industries", undefined],
      ["works", "Portfolio", "/works"],
    ]);
  });

  test("menus drill into their groups and entries; a works list into the case studies", () => {
    const [, about, services, industries, portfolio] = topLevelEntries(nav);
    expect(about.sublist).toEqual([]);
    expect(services).toMatchObject({ twoChildren: true, sublist: [{ title: "Web" }] });
    expect(industries.sublist.map((i) => ("route" in i ? i.route : ""))).toEqual([
      "/industries/finance",
      "/industries/ai-in-finance",
    ]);
    // Both show the client; their names tell a client's two case studies apart.
    expect(portfolio.sublist).toEqual([
      { key: "humm", title: "Humm", name: "Humm: a payments app built for trust", route: "/works/humm" },
      {
        key: "humm-smm",
        title: "Humm",
        name: "Humm: social media analytics and creative templates",
        route: "/works/humm-smm",
      },
    ]);
  });
});
