export { Portfolio } from "./Portfolio";
export type { PortfolioProps } from "./Portfolio";
