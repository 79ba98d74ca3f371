import { SEARCH_BUNDLE_PATH, SEARCH_VOCABULARY_PATH } from "../../../shared/search";
import { correctQuery, type PagefindResultData } from "../../lib/search";

/** The part of Pagefind's browser API (public/pagefind/pagefind.js) the dialog uses. */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string, options?: Record<string, unknown>): Promise<void>;
  debouncedSearch(
    term: string,
    options?: Record<string, unknown>,
    debounceMs?: number,
  ): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] } | null>;
}

/** Results shown at most: enough for every kind to appear, few enough to scan. */
export const MAX_RESULTS = 10;

let loading: Promise<Pagefind> | undefined;

/**
 * Loads Pagefind's script from the site (written by the build next to the index) and its
 * entry file and WASM. Once: later calls share it. Marks `search:index-ready` for the benchmark.
 */
export function loadPagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    const pagefind = (await import(/* webpackIgnore: true */ `${SEARCH_BUNDLE_PATH}pagefind.js`)) as Pagefind;
    await pagefind.options({ excerptLength: 22 });
    await pagefind.init();
    // Pagefind's init() only starts its worker: the engine (its WASM and the index's metadata) is
    // fetched and compiled on the first query, which the visitor would wait for. A preload makes
    // the worker do that now, while the dialog opens, so "ready" means able to answer.
    await pagefind.preload("").catch(() => undefined);
    performance.mark("search:index-ready");
    return pagefind;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

let vocabulary: Promise<string[]> | undefined;

/** The site's words for typo correction, fetched the first time a search finds nothing. */
function loadVocabulary(): Promise<string[]> {
  vocabulary ??= fetch(SEARCH_VOCABULARY_PATH).then((r) => {
    if (!r.ok) throw new Error(`${SEARCH_VOCABULARY_PATH}: HTTP ${r.status}`);
    return r.json() as Promise<string[]>;
  });
  vocabulary.catch(() => (vocabulary = undefined));
  return vocabulary;
}

export interface SiteSearch {
  results: PagefindResultData[];
  /** Set when nothing matched the query as typed and these are the results for this spelling. */
  correctedTo?: string;
}

const top = (found: { results: { data(): Promise<PagefindResultData> }[] }) =>
  Promise.all(found.results.slice(0, MAX_RESULTS).map((r) => r.data()));

/**
 * The best results for `term`, or null when a newer search has replaced this one. When nothing
 * matches, a misspelling ("helthcare") is corrected against the site's vocabulary and searched.
 */
export async function searchSite(term: string): Promise<SiteSearch | null> {
  const pagefind = await loadPagefind();
  // Every keystroke's query starts at once (no pause is waited for: a pause of 80 ms after the
  // last key put the results of a mid-tier phone past the 100 ms an interaction may take). The
  // search runs in Pagefind's worker, off the page's thread, and a newer query makes the older
  // one answer null (and the dialog drops an answer whose query has changed since), so fast
  // typing costs the page no renders of results already out of date.
  const found = await pagefind.debouncedSearch(term, {}, 0);
  if (!found) return null;
  if (found.results.length) return { results: await top(found) };
  const corrected = correctQuery(term, await loadVocabulary().catch(() => []));
  if (!corrected) return { results: [] };
  const again = await pagefind.debouncedSearch(corrected, {}, 0);
  if (!again) return null;
  return { results: await top(again), correctedTo: corrected };
}
