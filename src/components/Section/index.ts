export { Section } from "./Section";
export type { SectionProps } from "./Section";
