import * as React from "react";
import { useSiteData } from "./useSiteData";
import type { NavigationInput } from "../lib/menuData";

/** Menu structure from content/navigation.yaml with titles and icons resolved from the entries. */
export function useNavigation(): NavigationInput {
  const data = useSiteData();
  const { navigation, allWork } = data;
  // The same object while the page lives: the menus that take it hydrate only when reached.
  const input = React.useMemo(
    () => (navigation ? { ...navigation, works: allWork.nodes } : null),
    [navigation, allWork],
  );
  if (!input) throw new Error("content/navigation.yaml was not loaded");
  return input;
}
