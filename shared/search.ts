/**
 * Site search facts both sides need: the build (gatsby/lib/searchIndex.ts) tags every page of
 * the index with its kind, and the browser (src/components/Search) groups results by it.
 */
import type { RouteKind } from "./routes";

export const SEARCH_KINDS = [
  { kind: "service", label: "Services" },
  { kind: "industry", label: "Industries" },
  { kind: "work", label: "Case studies" },
  { kind: "page", label: "Pages" },
] as const;

export type SearchKind = (typeof SEARCH_KINDS)[number]["kind"];

/** A route's kind in the search: home, content and country pages are all "pages". */
export const searchKind = (kind: RouteKind): SearchKind =>
  kind === "service" || kind === "industry" || kind === "work" ? kind : "page";

/** Where the build writes the index and Pagefind's own script (public/pagefind/). */
export const SEARCH_BUNDLE_PATH = "/pagefind/";

/**
 * Where webpack writes the site's workers (public/workers/): the search's, whose chunk name in
 * src/components/Search/pagefind.ts (a magic comment, which cannot read a constant) starts with
 * this folder. Its scripts run under the policy of their own response (gatsby/lib/headers.ts).
 */
export const WORKERS_PATH = "/workers/";

/**
 * The words of the indexed pages' titles and headings, most frequent first: the browser corrects
 * a misspelt query against them when the index finds nothing (Pagefind matches prefixes, not typos).
 */
export const SEARCH_VOCABULARY_PATH = `${SEARCH_BUNDLE_PATH}vocabulary.json`;

/** The words of a text as the vocabulary holds them: lower case, letters and digits, 4 or more long. */
export const vocabularyWords = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4);
