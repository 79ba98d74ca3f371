import type { ServiceOption } from "../src/components/ConsultationForm/ConsultationForm.model";
import { siteSettings } from "./siteSettings";

/** Services as useServiceOptions returns them (sorted by title), for the consultation form's tests. */
export const services: ServiceOption[] = [
  { slug: "generative-ai-development", title: "Generative AI Development" },
  { slug: "nlp-solutions", title: "NLP Solutions" },
  { slug: "ui-design", title: "UI Design" },
];

export { siteSettings };
