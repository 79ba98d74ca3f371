/**
 * A footer column's links (spec sections 4 and 9): columns with a `visible` count show that many
 * (6 or 8) and a 'More...' control for the rest, which then reads 'Less'. On phones each column
 * collapses under its heading (Footer.styles.ts: by CSS, so nothing re-renders when the page
 * learns its width).
 */
export interface ColumnView<T> {
  shown: T[];
  extra: T[];
  /** Label of the More/Less control, or null when the column has nothing more to show. */
  toggleLabel: "More..." | "Less" | null;
}

export function footerColumnView<T>(
  links: T[],
  visible: number | undefined,
  expanded: boolean,
): ColumnView<T> {
  if (!visible || links.length <= visible) return { shown: links, extra: [], toggleLabel: null };
  return {
    shown: links.slice(0, visible),
    extra: links.slice(visible),
    toggleLabel: expanded ? "Less" : "More...",
  };
}
