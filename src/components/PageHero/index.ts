export { PageHero } from "./PageHero";
export type { Crumb, PageHeroProps } from "./PageHero";
