import * as React from "react";
import { LinkCardGrid } from "./Cards";
import { workCard } from "./Cards.items";

/** Case-study cards are wider than the others: their cover images need the room. */
export const WORK_CARD_MIN_WIDTH = 300;

/** Case-study cards from the WorkCard fragment. */
export function WorkCardGrid({ works }: { works: readonly Queries.WorkCardFragment[] }) {
  return <LinkCardGrid items={works.map(workCard)} min={WORK_CARD_MIN_WIDTH} />;
}
