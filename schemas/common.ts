import { z } from "zod";
import { SLUG_PATTERN } from "./patterns";
import {
  HREF_PATTERN,
  HTTPS_URL_PATTERN,
  hrefProblem,
  httpsUrlProblem,
  LOOKUP_URL_PATTERN,
  lookupUrlProblem,
  SITE_URL_PATTERN,
  siteUrlProblem,
} from "./urls";

/**
 * Building blocks shared by every content schema. The metadata keys set with `.meta()`
 * (`ref`, `image`) are read by the GraphQL type generator and the reference checker, so a
 * reference or an image is declared once, here, and never again in gatsby-node.
 */

export { SLUG_PATTERN };

export const slug = () =>
  z
    .string()
    .regex(new RegExp(SLUG_PATTERN), {
      message: "use lower-case letters, digits and hyphens only, e.g. react-native-development",
    })
    .describe("The entry's id in its URL. Must equal the file name without .yaml.");

export type RefCollection = "Service" | "Industry" | "Work" | "Country" | "Page";

/** A slug that must name an existing entry of another collection. */
export const ref = (to: RefCollection, description?: string) =>
  z
    .string()
    .min(1)
    .meta({ ref: to, description: description ?? `The slug of a ${to.toLowerCase()} entry.` });

export const text = (min: number, max: number, description?: string) => {
  const schema = z.string().trim().min(min).max(max);
  return description ? schema.describe(description) : schema;
};

/**
 * A text field holding an address: `pattern` goes into the JSON Schemas (editors' YAML tools, the
 * CMS), and a value that fails it gets `problem`'s sentence on what to write instead.
 */
const address = (pattern: string, problem: (value: string) => string | null) =>
  z.string().regex(new RegExp(pattern), {
    error: (issue) => problem(String(issue.input)) ?? undefined,
  });

/**
 * A full https: address for a link editors set (social profiles). Anything else, `javascript:`
 * above all, would become a clickable link on every page.
 */
export const httpsUrl = (example = "https://www.linkedin.com/company/example") =>
  address(HTTPS_URL_PATTERN, (value) => httpsUrlProblem(value, example)).describe(
    "A full address starting with https://.",
  );

/**
 * A link editors set in menus and the footer: a path of this site (one leading `/`), an anchor,
 * or a full https: address of another site (schemas/urls.ts says why nothing else).
 */
export const href = () =>
  address(HREF_PATTERN, hrefProblem).describe(
    "A page of this site (/about, /#faq) or a full https:// address of another site.",
  );

/** The site's own address, which every page's canonical and social address starts with. */
export const siteUrl = () => address(SITE_URL_PATTERN, siteUrlProblem);

/** The country lookup's address: https, or http on this machine only. */
export const lookupUrl = () => address(LOOKUP_URL_PATTERN, lookupUrlProblem);

/** A path to an image below content/images, e.g. works/humm-cover.jpg. */
export const imagePath = () =>
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_-]*\.(jpg|jpeg|png|webp)$/, {
      message: "write a path below content/images, e.g. works/humm-cover.jpg",
    })
    .meta({ image: true, description: "Path of an image file below content/images." });

export const image = () =>
  z
    .object({
      src: imagePath(),
      alt: text(5, 200, "What the image shows, read aloud to visitors who cannot see it."),
    })
    .strict();

export const titledText = () =>
  z
    .object({
      title: text(3, 90),
      description: text(20, 600),
    })
    .strict();

export const faq = () =>
  z
    .object({
      question: text(10, 200),
      answer: text(30, 1200),
    })
    .strict();

export const ICONS = [
  "brain",
  "sparkles",
  "graduation-cap",
  "smartphone",
  "chart",
  "shield",
  "cpu",
  "workflow",
  "message",
  "globe",
  "layers",
  "server",
  "code",
  "atom",
  "app-window",
  "tablet",
  "palette",
  "layout",
  "users",
  "heart-pulse",
  "truck",
  "utensils",
  "building",
  "film",
  "landmark",
  "share",
  "plane",
  "briefcase",
  "shopping-cart",
  "book",
  "leaf",
  "dumbbell",
  "trophy",
  "calendar",
  "factory",
  "vote",
  "store",
  "headset",
  "sun",
  "sprout",
  "car",
  "camera",
  "lock",
  "wallet",
  "stethoscope",
  "rocket",
] as const;

export const icon = () => z.enum(ICONS).describe("An icon shown beside the title in menus and cards.");

/**
 * How many characters of a page's title and description a search result shows (search engines cut
 * by width, at about these). The content checks hold every entry's title and description to them
 * (seoFields below), and the CMS preview's search result cuts the page's title and description
 * there and warns past them (src/cms/preview/SearchAndShare.tsx).
 */
export const SEARCH_RESULT_LENGTHS = { title: 60, description: 170 } as const;

/** Fields every routed entry has: its title, the search snippet and the page's main heading. */
export const seoFields = {
  title: text(2, SEARCH_RESULT_LENGTHS.title, "Short name, used in menus, links and the browser tab."),
  description: text(
    70,
    SEARCH_RESULT_LENGTHS.description,
    `One or two sentences for search results and social cards (70 to ${SEARCH_RESULT_LENGTHS.description} characters).`,
  ),
  headline: text(10, 120, "The page's main heading (h1)."),
};
