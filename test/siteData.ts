import { siteSettings, staticQueryData as layoutQueryData } from "./siteSettings";

/** Services as the consultation form's useServiceOptions query returns them (sorted by title). */
export const services = [
  { slug: "generative-ai-development", title: "Generative AI Development" },
  { slug: "nlp-solutions", title: "NLP Solutions" },
  { slug: "ui-design", title: "UI Design" },
];

/** What useStaticQuery returns in the consultation form's tests. */
export const staticQueryData = { ...layoutQueryData(), allService: { nodes: services } };

export { siteSettings };
