export { ItemGrid, LinkCardGrid } from "./Cards";
export type { LinkCardItem, TitledItem } from "./Cards";
