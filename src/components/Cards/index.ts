export { ItemGrid, LinkCardGrid } from "./Cards";
export type { LinkCardItem, TitledItem } from "./Cards";
export { industryCard, serviceCard, workCard } from "./Cards.items";
export { WORK_CARD_MIN_WIDTH, WorkCardGrid } from "./Cards.WorkGrid";
