export { EntryPage, faqSection, relatedWorkSection } from "./EntryPage";
export type { EntryPageProps } from "./EntryPage";
