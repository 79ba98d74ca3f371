/** @jest-environment node */
/**
 * The preview's mapping from CMS entries (YAML-shaped) to what the views receive. Checked here
 * on the real content for what a preview needs; e2e/cms-preview.test.ts compares it field by
 * field with the built site's query results.
 */
import { storedContent } from "../../../../test/cmsContent";
import { sortWorks } from "../../../../shared/portfolioOrder";
import { moreWork, neighbours, worksForIndustry } from "../../../../shared/relations";
import { previewImageData } from "../images";
import { SiteGraph, type Node, type PreviewContent } from "../siteGraph";

const stored: PreviewContent = storedContent();
// The same files as typed entries, for the shared relations (their input).
const content = stored as unknown as {
  works: {
    slug: string;
    client: string;
    year: number;
    industry: string;
    services: string[];
    cover: { alt: string };
  }[];
  services: { slug: string; title: string }[];
  site: { name: string };
};
const images = (p: string) => previewImageData(`blob:${p}`);
const graph = new SiteGraph(stored, images);
const humm = graph.node("Work", "humm")!;

test("a case study's references are the entries they name, with the fields the views read", () => {
  expect(humm.industry).toMatchObject({ slug: "finance", title: expect.any(String), kind: "sector" });
  expect((humm.services as Node[]).map((s) => s.slug)).toEqual([
    "react-native-development",
    "nodejs-development",
    "ui-design",
  ]);
  expect((humm.services as Node[])[0].title).toBe(
    content.services.find((s) => s.slug === "react-native-development")!.title,
  );
});

test("images are the entry's paths, as image data for the site's GatsbyImage", () => {
  const cover = humm.cover as { alt: string; src: { childImageSharp: { gatsbyImageData: unknown } } };
  expect(cover.alt).toBe(content.works.find((w) => w.slug === "humm")!.cover.alt);
  expect(cover.src.childImageSharp.gatsbyImageData).toMatchObject({
    layout: "constrained",
    images: { fallback: { src: "blob:works/humm-cover.jpg" } },
  });
  // While an image is loading (getAsset has no URL yet) it has no image data, as for a missing file.
  const loading = new SiteGraph(stored, () => null).node("Work", "humm")!;
  expect((loading.cover as { src: { childImageSharp: unknown } }).src.childImageSharp).toBeNull();
});

test("related work, more work and previous/next come from the build's own relations", () => {
  const slugs = (nodes: unknown) => (nodes as Node[]).map((n) => n.slug);
  expect(slugs(humm.moreWork)).toEqual(moreWork(content.works, "humm", 3).map((w) => w.slug));
  const { previous, next } = neighbours(content.works, "humm");
  expect((humm.previous as Node).slug).toBe(previous!.slug);
  expect((humm.next as Node).slug).toBe(next!.slug);
  expect(humm.portfolioOrder).toBe(sortWorks(content.works).findIndex((w) => w.slug === "humm"));
  expect(slugs(graph.node("Industry", "finance")!.relatedWorks)).toEqual(
    worksForIndustry(content.works, "finance").map((w) => w.slug),
  );
});

test("the entry being edited counts everywhere: a new industry moves it between industries' lists", () => {
  const edited = {
    ...stored,
    works: stored.works.map((w) => (w.slug === "humm" ? { ...w, industry: "ai-in-healthcare" } : w)),
  };
  const after = new SiteGraph(edited, images);
  const slugs = (type: string, slug: string) =>
    (after.node(type, slug)!.relatedWorks as Node[]).map((n) => n.slug);
  expect(slugs("Industry", "ai-in-healthcare")).toContain("humm");
  expect(slugs("Industry", "finance")).not.toContain("humm");
});

test("a new, half-written entry previews: required text is empty, lists are empty, nothing throws", () => {
  const draft = new SiteGraph(
    { ...stored, works: [...stored.works, { slug: "acme", client: "Acme" }] },
    images,
  );
  const acme = draft.node("Work", "acme")!;
  expect(acme).toMatchObject({ client: "Acme", headline: "", stack: [], features: [], outcomes: [] });
  expect(acme.industry).toBeNull();
  expect(acme.cover).toEqual({ src: null, alt: "" });
  expect(acme.year).toBeNull();
});

test("a reference to an entry that does not exist (yet) is left out; an absent optional field is null", () => {
  const draft = new SiteGraph(
    {
      ...stored,
      industries: stored.industries.map((i) =>
        i.slug === "finance" ? { ...i, services: ["nlp-solutions", "not-written-yet"], faqs: undefined } : i,
      ),
    },
    images,
  );
  const finance = draft.node("Industry", "finance")!;
  expect((finance.services as Node[]).map((s) => s.slug)).toEqual(["nlp-solutions"]);
  expect(finance.faqs).toBeNull();
});

test("the static queries' data: settings and menus resolved, lists in the queries' order", () => {
  const data = graph.staticQueryData() as {
    siteSettings: Node;
    navigation: { consultation: { page: Node } };
    allWork: { nodes: Node[] };
    allService: { nodes: Node[] };
  };
  expect(data.siteSettings.name).toBe(content.site.name);
  expect(data.navigation.consultation.page.slug).toBe("contact");
  expect(data.allWork.nodes.map((w) => w.slug)).toEqual(sortWorks(content.works).map((w) => w.slug));
  const titles = data.allService.nodes.map((s) => s.title as string);
  expect(titles).toEqual([...titles].sort());
});

test("breadcrumbs come from the route table, as createPages gives them", () => {
  expect(graph.crumbs("/works/humm").map((c) => c.path)).toEqual(["/", "/works", "/works/humm"]);
});

test("an image is looked up only when a view reads it, not for every entry the graph shapes", () => {
  // Decap fetches each image through the backend (on GitHub, an API request each) and holds the
  // editor's fields still while any is loading: the preview must ask only for what it shows.
  const asked: string[] = [];
  const lazy = new SiteGraph(stored, (p) => (asked.push(p), previewImageData(`blob:${p}`)));
  const data = lazy.staticQueryData();
  const works = (data.allWork as { nodes: Node[] }).nodes;
  expect(works.length).toBeGreaterThan(30);
  expect(asked).toEqual([]);
  const cover = (lazy.node("Work", "humm")!.cover as { src: { childImageSharp?: unknown } }).src;
  expect(cover.childImageSharp).toMatchObject({ gatsbyImageData: expect.anything() });
  expect(asked).toEqual(["works/humm-cover.jpg"]);
});
