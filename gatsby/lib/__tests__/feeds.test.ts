/** @jest-environment node */
import { extractFromJson, extractFromXml } from "@extractus/feed-extractor";
import { FEEDS } from "../../../shared/alternates";
import { atomFeed, caseStudyFeed, jsonFeed11, type FeedWork } from "../feeds";

const SITE = {
  name: "Acme Labs",
  description: "Software for people who ship.",
  siteUrl: "https://www.example.com",
  email: "hi@example.com",
};

const work = (slug: string, year: number, client: string, outcome?: string): FeedWork => ({
  slug,
  client,
  title: `${client} platform <beta> & more`,
  description: `What we built for ${client}.`,
  outcome,
  year,
  industry: { slug: "finance", title: "Finance" },
  services: [{ slug: "react-native-development", title: "React Native App Development" }],
  cover: { src: `/static/x/${slug}.jpg`, alt: `${client} cover` },
});

const feed = caseStudyFeed({
  site: SITE,
  title: "Our work",
  works: [
    work("old", 2019, "Oldco"),
    work("new", 2024, "Newco", "Customers pay in the app now."),
    work("mid", 2021, "Midco"),
  ],
});

test("the Atom feed parses, newest first, with title, summary, link, categories and image", () => {
  const atom = atomFeed(feed);
  const parsed = extractFromXml(atom, { normalization: true });
  expect(parsed.entries!.map((e) => e.link)).toEqual([
    "https://www.example.com/works/new",
    "https://www.example.com/works/mid",
    "https://www.example.com/works/old",
  ]);
  expect(parsed.entries![0].title).toBe("Newco: Newco platform <beta> & more");
  expect(parsed.entries![0].description).toContain("Customers pay in the app now.");
  expect(atom).toContain('<category label="Finance" term="finance"');
  expect(atom).toContain('term="react-native-development"');
  expect(atom).toContain(`<link rel="self" href="https://www.example.com${FEEDS.atom.path}"`);
  expect(atom).toContain("https://www.example.com/static/x/new.jpg");
  // The image's media type is the registered one: image/jpeg for a .jpg file, never "image/jpg".
  expect(atom).toMatch(/<link rel="enclosure" href="[^"]+new\.jpg" type="image\/jpeg"\/>/);
  expect(atom).not.toContain('type="image/jpg"');
  // Dated by year only, so the same content always writes the same feed.
  expect(atom).toContain("<updated>2024-01-01T00:00:00.000Z</updated>");
  expect(atomFeed(caseStudyFeed({ site: SITE, title: "Our work", works: [work("a", 2020, "A")] }))).toBe(
    atomFeed(caseStudyFeed({ site: SITE, title: "Our work", works: [work("a", 2020, "A")] })),
  );
});

test("the JSON Feed is version 1.1 and carries the same entries, tags and images", () => {
  const json = JSON.parse(jsonFeed11(feed));
  expect(json.version).toBe("https://jsonfeed.org/version/1.1");
  expect(json.language).toBe("en");
  expect(json.authors).toEqual([{ name: SITE.name, url: "https://www.example.com/" }]);
  expect(json.author).toBeUndefined();
  expect(json.feed_url).toBe(`https://www.example.com${FEEDS.json.path}`);
  expect(json.items.map((i: { url: string }) => i.url)).toEqual([
    "https://www.example.com/works/new",
    "https://www.example.com/works/mid",
    "https://www.example.com/works/old",
  ]);
  expect(json.items[0]).toMatchObject({
    title: "Newco: Newco platform <beta> & more",
    image: "https://www.example.com/static/x/new.jpg",
    tags: ["Finance", "React Native App Development"],
  });
  const parsed = extractFromJson(json);
  expect(parsed.entries).toHaveLength(3);
});
