export { Seo, pageTitle } from "./Seo";
export type { SeoProps } from "./Seo";
