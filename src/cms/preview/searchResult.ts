/**
 * A search result's text, as search engines show it (the preview's search result,
 * ./SearchAndShare.tsx; the lengths are schemas/common.ts's SEARCH_RESULT_LENGTHS).
 */

/** Text as a search result shows it: whole words up to `max` characters, then an ellipsis. */
export function cutForSearch(text: string, max: number): string {
  const whole = text.trim().replace(/\s+/g, " ");
  if (whole.length <= max) return whole;
  const kept = whole.slice(0, max);
  const space = kept.lastIndexOf(" ");
  return `${(space > max / 2 ? kept.slice(0, space) : kept).trimEnd()} …`;
}

/** The address as a search result writes it: the host, then the path's parts. */
export const displayUrl = (url: string): string => {
  try {
    const { host, pathname } = new URL(url);
    return [host, ...pathname.split("/").filter(Boolean)].join(" › ");
  } catch {
    return url;
  }
};
