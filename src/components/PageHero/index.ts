export { PageHero } from "./PageHero";
export type { PageHeroProps } from "./PageHero";
