export { Sections } from "./Sections";
export type { SectionSpec } from "./Sections";
