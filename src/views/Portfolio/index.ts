export { Portfolio } from "./Portfolio";
export type { PortfolioProps } from "./Portfolio";
export { PortfolioPage } from "./Portfolio.Page";
