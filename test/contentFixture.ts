import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse, stringify } from "yaml";
import { ContentError, loadContent } from "../gatsby/lib/content";
import { siteSettings } from "./siteSettings";

/** A minimal valid content folder, written to a temporary directory, for loader tests. */

const para = (topic: string) =>
  `${topic} explained in a sentence long enough to satisfy the schema's minimum length rule.`;
const items = (n: number, topic: string) =>
  Array.from({ length: n }, (_, i) => ({
    title: `${topic} ${i + 1}`,
    description: para(`${topic} ${i + 1}`),
  }));

export const serviceSlugs = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];

/** navigation.yaml's navbar items and calls to action, for tests that write their own menus. */
export const NAVIGATION_BASICS = {
  top: [
    { label: "About Us", page: "about" },
    { label: "Services", menu: "services" },
    { label: "Industries", menu: "industries" },
    { label: "Portfolio", page: "works", list: "works" },
  ],
  consultation: {
    page: "contact",
    label: "Book free consultation",
    dialogLabel: "Get a free consultation",
    pitch: "A free 30-minute call with a senior engineer about your project.",
  },
};

export function service(slug: string): Record<string, unknown> {
  return {
    slug,
    title: `Service ${slug}`,
    description: `The ${slug} service, described for search results in one sentence of adequate length.`,
    headline: `We build ${slug} products`,
    icon: "code",
    summary: para(`The ${slug} service`),
    deliverables: items(3, "Deliverable"),
    process: items(3, "Step"),
    technologies: ["TypeScript", "React", "Node.js"],
    faqs: Array.from({ length: 3 }, (_, i) => ({
      question: `Question number ${i + 1}?`,
      answer: para(`Answer ${i + 1}`),
    })),
  };
}

export function industry(slug: string, kind: "ai" | "sector"): Record<string, unknown> {
  return {
    slug,
    kind,
    title: `Industry ${slug}`,
    description: `The ${slug} industry, described for search results in one sentence of adequate length.`,
    headline: `Software for ${slug}`,
    summary: para(`The ${slug} industry`),
    challenges: items(3, "Challenge"),
    solutions: items(3, "Solution"),
    useCases: items(3, "Use case"),
    services: ["alpha", "beta"],
  };
}

export function work(slug: string): Record<string, unknown> {
  return {
    slug,
    client: `Client ${slug}`,
    title: `Case study ${slug}`,
    description: `How we built a product for ${slug}, described in one sentence of adequate length.`,
    headline: `A product for ${slug}`,
    outcome: "A calmer launch and happier users",
    industry: "finance",
    services: ["alpha"],
    platforms: ["web"],
    stack: ["React", "Node.js"],
    region: "United Kingdom",
    year: 2024,
    challenge: para("The challenge").repeat(2),
    solution: para("The solution").repeat(2),
    features: items(3, "Feature"),
    outcomes: ["Users found what they needed faster.", "The team ships every week now."],
    cover: { src: `works/${slug}-cover.jpg`, alt: "Cover artwork" },
    gallery: [
      { src: `works/${slug}-1.jpg`, alt: "A dashboard screen" },
      { src: `works/${slug}-2.jpg`, alt: "Three phone screens" },
    ],
  };
}

export function page(slug: string): Record<string, unknown> {
  return {
    slug,
    title: slug === "home" ? "Home" : `Page ${slug}`,
    description: `The ${slug} page, described for search results in one sentence of adequate length.`,
    headline: `The ${slug} page headline`,
    intro: para(`The ${slug} page`),
  };
}

export interface Fixture {
  dir: string;
  write(relative: string, data: unknown): void;
  /** A file's data, to write back changed. */
  read(relative: string): Record<string, unknown>;
  writeRaw(relative: string, text: string): void;
  remove(relative: string): void;
  cleanup(): void;
}

export function makeContent(): Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-"));
  const write = (relative: string, data: unknown) => writeRaw(relative, stringify(data));
  const writeRaw = (relative: string, text: string) => {
    const file = path.join(dir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write("site.yaml", {
    name: "Test Agency",
    tagline: "Software and AI development",
    description: "A test agency that builds software, described in a sentence long enough for the schema.",
    siteUrl: "https://www.example.com",
    phone: "+44 20 7946 0000",
    email: "hello@example.com",
    address: {
      street: "1 Test Street",
      city: "London",
      postalCode: "EC1A 1AA",
      country: "United Kingdom",
      countryCode: "GB",
    },
    socials: {
      linkedin: "https://www.linkedin.com/company/test",
      instagram: "https://www.instagram.com/test",
      community: { name: "GitHub", url: "https://github.com/test" },
    },
    analyticsId: "",
    countryLookupUrl: "https://api.country.is/",
    // The consent fields as the component tests know them (one fixture for both).
    consentRegions: siteSettings.consentRegions,
    consentBanner: siteSettings.consentBanner,
  });
  write("navigation.yaml", {
    ...NAVIGATION_BASICS,
    services: {
      columns: [
        { groups: [{ title: "AI", items: ["alpha"] }] },
        { groups: [{ title: "Web", items: ["beta"] }] },
        {
          groups: [
            { title: "Mobile", items: ["gamma"] },
            { title: "PWA", items: ["delta"] },
          ],
        },
        {
          groups: [
            { title: "Design", items: ["epsilon"] },
            { title: "Brand", items: ["zeta"] },
          ],
        },
      ],
    },
    industries: {
      sector: { title: "Industries", items: ["finance"] },
      ai: { title: "AI Industries", items: ["ai-in-finance"] },
    },
  });
  write("footer.yaml", {
    columns: [
      { title: "About", links: [{ page: "about" }] },
      { title: "Services", visible: 6, links: serviceSlugs.map((s) => ({ service: s })) },
      { title: "Resources", links: [{ label: "Sitemap", href: "/sitemap-0.xml" }] },
    ],
  });
  for (const s of serviceSlugs) write(`services/${s}.yaml`, service(s));
  write("industries/finance.yaml", industry("finance", "sector"));
  write("industries/ai-in-finance.yaml", industry("ai-in-finance", "ai"));
  write("works/acme.yaml", work("acme"));
  for (const img of ["acme-cover.jpg", "acme-1.jpg", "acme-2.jpg"]) writeRaw(`images/works/${img}`, "jpg");
  write("countries/uk.yaml", {
    slug: "uk",
    country: "United Kingdom",
    countryCode: "GB",
    locale: "en-GB",
    title: "Software in the UK",
    description: "Our UK team builds software and AI products, described in one sentence of adequate length.",
    headline: "Software and AI development in the UK",
    summary: para("The UK page"),
    highlights: items(3, "Highlight"),
    services: ["alpha", "beta", "gamma"],
    contact: {
      phone: "+44 20 7946 0000",
      email: "uk@example.com",
      office: "London office",
      hours: "9:00 to 17:30",
    },
  });
  for (const p of ["home", "about", "contact", "privacy", "works", "casestudy", "new-home"])
    write(`pages/${p}.yaml`, page(p));
  return {
    dir,
    write,
    writeRaw,
    read: (relative) => parse(fs.readFileSync(path.join(dir, relative), "utf8")),
    remove: (relative) => fs.rmSync(path.join(dir, relative)),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The build's error text (file › field: message lines) for content that must be rejected. */
export function contentProblems(fx: Fixture): string {
  try {
    loadContent(fx.dir, { displayRoot: fx.dir });
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("expected the content to be rejected");
}
