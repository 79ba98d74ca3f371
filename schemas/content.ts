import { z } from "zod";
import {
  faq,
  href,
  httpsUrl,
  icon,
  image,
  lookupUrl,
  ref,
  seoFields,
  siteUrl,
  slug,
  text,
  titledText,
} from "./common";
import { PLATFORMS } from "./platforms";

/** content/site.yaml: facts about the company, used everywhere from this one place. */
export const siteSchema = z
  .object({
    name: text(2, 40, "The agency's marketing name."),
    tagline: text(10, 80, "Shown after the name in the home page title."),
    description: text(70, 170),
    siteUrl: siteUrl().describe(
      "Every page's address starts with it: canonical links, the sitemap, social cards.",
    ),
    phone: text(6, 30, "Shown as written; dialled without spaces."),
    email: z.email({ message: "write an e-mail address, e.g. hello@example.com" }),
    address: z
      .object({
        street: text(3, 100),
        city: text(2, 60),
        postalCode: text(2, 20),
        country: text(2, 60),
        countryCode: z.string().regex(/^[A-Z]{2}$/, { message: "two capital letters, e.g. GB" }),
      })
      .strict(),
    socials: z
      .object({
        linkedin: httpsUrl("https://www.linkedin.com/company/example"),
        instagram: httpsUrl("https://www.instagram.com/example"),
        community: z.object({ name: text(2, 40), url: httpsUrl("https://github.com/example") }).strict(),
      })
      .strict(),
    analyticsId: z
      .string()
      .regex(/^(G-[A-Z0-9]{4,20})?$/, {
        message: "write a GA4 measurement id such as G-AB12CD34EF, or leave it empty",
      })
      .describe("GA4 measurement id. Empty turns analytics off; GATSBY_GA_MEASUREMENT_ID overrides it."),
    countryLookupUrl: lookupUrl().describe(
      'IP-to-country service answering JSON such as {"country":"DE"}; GATSBY_COUNTRY_LOOKUP_URL overrides it at build time.',
    ),
    consentRegions: z
      .array(
        z.string().regex(/^[A-Z]{2}$/, {
          message: "write a two-letter ISO 3166-1 country code in capitals, e.g. DE",
        }),
      )
      .min(1)
      .refine((codes) => new Set(codes).size === codes.length, {
        message: "a country is listed twice: keep one of each",
      })
      .describe(
        "Countries whose visitors are asked before analytics loads (EU/EEA, UK, Switzerland). Visitors whose country is unknown are asked too.",
      ),
    consentBanner: z
      .object({
        heading: text(3, 40),
        // At most 90 characters: on a 375 px phone the banner must take at most a fifth of the
        // screen, three lines of text with the heading and the link, above the two choices
        // (e2e/phone.test.ts measures it).
        text: text(
          40,
          90,
          "One or two short sentences (at most 90 characters, so the banner stays a fifth of a phone screen): what is measured and that nothing is until they choose.",
        ),
        privacyLink: text(3, 40, "The link to the privacy page's analytics section."),
        accept: text(3, 30),
        reject: text(3, 30),
        settings: text(3, 30, "The footer link that reopens the banner."),
      })
      .strict()
      .describe("The analytics consent banner shown to visitors from consentRegions."),
  })
  .strict();

export const serviceSchema = z
  .object({
    slug: slug(),
    ...seoFields,
    icon: icon().optional(),
    summary: text(60, 400, "The opening paragraph under the headline."),
    deliverables: z.array(titledText()).min(3).describe("What the client receives."),
    process: z.array(titledText()).min(3).describe("How the engagement runs, step by step."),
    technologies: z.array(text(1, 40)).min(3),
    faqs: z.array(faq()).min(3),
  })
  .strict();

export const industrySchema = z
  .object({
    slug: slug(),
    kind: z.enum(["ai", "sector"]).describe("ai: an 'AI in ...' page; sector: an industry page."),
    ...seoFields,
    icon: icon().optional(),
    summary: text(60, 400),
    challenges: z.array(titledText()).min(3),
    solutions: z.array(titledText()).min(3),
    useCases: z.array(titledText()).min(3),
    services: z
      .array(ref("Service"))
      .min(2)
      .describe("Services relevant to this industry (their pages link back here)."),
    faqs: z.array(faq()).optional(),
  })
  .strict();

export const workSchema = z
  .object({
    slug: slug(),
    client: text(2, 60, "The client's name as it should appear."),
    ...seoFields,
    outcome: text(
      20,
      140,
      "Optional: one line on what changed for the client, shown on the case study's card and in the feeds. In words: no figure the client has not published.",
    ).optional(),
    industry: ref("Industry", "The one industry this case study belongs to."),
    services: z.array(ref("Service")).min(1),
    platforms: z.array(z.enum(PLATFORMS)).min(1),
    stack: z.array(text(1, 40)).min(2),
    region: text(2, 60),
    year: z.number().int().min(2010).max(2030),
    challenge: text(100, 1500),
    solution: text(100, 2000, "What was built."),
    features: z.array(titledText()).min(3),
    outcomes: z
      .array(text(20, 300))
      .min(2)
      .describe("Results. Qualitative unless the client has published a figure."),
    cover: image(),
    gallery: z.array(image()).min(2),
  })
  .strict();

export const countrySchema = z
  .object({
    slug: slug(),
    country: text(2, 60),
    countryCode: z.string().regex(/^[A-Z]{2}$/, { message: "two capital letters, e.g. AE" }),
    locale: z.string().regex(/^[a-z]{2}-[A-Z]{2}$/, { message: "a language-region code such as en-GB" }),
    ...seoFields,
    summary: text(60, 400),
    highlights: z.array(titledText()).min(3),
    services: z.array(ref("Service")).min(3),
    contact: z
      .object({
        phone: text(6, 30),
        email: z.email(),
        office: text(5, 200),
        hours: text(5, 100),
      })
      .strict(),
  })
  .strict();

const section = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/)
      .optional()
      .describe("Anchor for links such as /#a."),
    heading: text(3, 100),
    body: text(20, 1500).optional(),
    items: z.array(titledText()).optional(),
    services: z.array(ref("Service")).optional(),
    industries: z.array(ref("Industry")).optional(),
    works: z.array(ref("Work")).optional(),
  })
  .strict();

export const PAGE_SLUGS = ["home", "about", "contact", "privacy", "works", "casestudy", "new-home"] as const;

export const pageSchema = z
  .object({
    slug: z.enum(PAGE_SLUGS),
    ...seoFields,
    intro: text(40, 800),
    hero: image().optional(),
    sections: z.array(section).default([]),
    featured: z.array(ref("Work")).optional().describe("Case studies to feature on this page."),
    cta: z
      .object({ heading: text(5, 100), body: text(20, 400), label: text(3, 40) })
      .strict()
      .optional(),
  })
  .strict();

const menuGroup = z
  .object({
    title: text(2, 40),
    icons: z.boolean().default(false),
    items: z.array(ref("Service")).min(1),
  })
  .strict();

/** A navbar item: a mega menu, a page of the site, or an address (e.g. an anchor on the home page). */
const topItem = z.union([
  z
    .object({
      menu: z.enum(["services", "industries"]).describe("Opens the services or industries mega menu."),
      label: text(2, 30),
    })
    .strict(),
  z
    .object({
      page: ref("Page"),
      label: text(2, 30).describe("The item's text in the menus."),
      list: z
        .enum(["works"])
        .optional()
        .describe("works: the mobile menu opens the item as the list of case studies."),
    })
    .strict(),
  z
    .object({
      label: text(2, 30),
      href: href(),
    })
    .strict(),
]);

export const navigationSchema = z
  .object({
    top: z
      .array(topItem)
      .min(1)
      .describe("The navbar's items, left to right; the mobile menu lists them in the same order."),
    consultation: z
      .object({
        page: ref("Page", "The page with the consultation form (contact)."),
        label: text(3, 40, "The navbar's and the mobile menu's button, which links to that page."),
        dialogLabel: text(
          3,
          40,
          "Buttons on service, industry and case pages that open the form in a dialog.",
        ),
        pitch: text(20, 400, "The closing band's text under service, industry and case pages."),
      })
      .strict(),
    services: z
      .object({
        columns: z
          .array(z.object({ groups: z.array(menuGroup).min(1) }).strict())
          .length(4, { message: "the services mega menu has exactly 4 columns" }),
      })
      .strict(),
    industries: z
      .object({
        sector: z.object({ title: text(2, 40), items: z.array(ref("Industry")).min(1) }).strict(),
        ai: z.object({ title: text(2, 40), items: z.array(ref("Industry")).min(1) }).strict(),
      })
      .strict(),
  })
  .strict();

const footerLink = z.union([
  z.object({ service: ref("Service") }).strict(),
  z.object({ industry: ref("Industry") }).strict(),
  z.object({ work: ref("Work") }).strict(),
  z.object({ page: ref("Page") }).strict(),
  z.object({ country: ref("Country") }).strict(),
  z
    .object({
      label: text(2, 40),
      href: href(),
    })
    .strict(),
]);

export const footerSchema = z
  .object({
    columns: z
      .array(
        z
          .object({
            title: text(2, 30),
            visible: z
              .union([z.literal(6), z.literal(8)])
              .optional()
              .describe("Links shown before 'More...' (6 or 8). Leave out to show all."),
            links: z.array(footerLink).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export type Site = z.infer<typeof siteSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type Industry = z.infer<typeof industrySchema>;
export type Work = z.infer<typeof workSchema>;
export type Country = z.infer<typeof countrySchema>;
export type Page = z.infer<typeof pageSchema>;
export type Navigation = z.infer<typeof navigationSchema>;
export type NavigationTopItem = z.infer<typeof topItem>;
export type Footer = z.infer<typeof footerSchema>;
export type FooterLink = z.infer<typeof footerLink>;
