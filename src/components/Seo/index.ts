export { Seo, pageTitle } from "./Seo";
export type { SeoProps } from "./Seo";
export { pageHead } from "./pageHead";
export { EntrySeo } from "./Seo.Entry";
