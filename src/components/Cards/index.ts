export { ItemGrid, LinkCardGrid } from "./Cards";
export type { LinkCardItem, TitledItem } from "./Cards";
export { WORK_CARD_MIN_WIDTH, WorkCardGrid } from "./Cards.WorkGrid";
