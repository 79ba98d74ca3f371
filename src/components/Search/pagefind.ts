import { SEARCH_VOCABULARY_PATH } from "../../../shared/search";
import { correctQuery, type PagefindResultData } from "../../lib/search";

/** The part of Pagefind's browser API (public/pagefind/pagefind.js) the search's worker uses. */
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

/** A query to the search's worker (pagefind.worker.ts): its best `limit` results for `term`. */
export interface WorkerQuery {
  id: number;
  term: string;
  limit: number;
}

/** The worker's messages: its engine ready or failed, and each query's answer (null: replaced by a newer one). */
export type WorkerAnswer =
  | { kind: "ready" }
  | { kind: "failed"; id?: number; error: string }
  | { kind: "results"; id: number; results: PagefindResultData[] | null };

interface SearchWorker {
  search(term: string): Promise<PagefindResultData[] | null>;
}

let loading: Promise<SearchWorker> | undefined;

/**
 * Starts the search's worker, which loads Pagefind's script from the site (written by the build
 * next to the index), its WASM and the index's metadata, and resolves once it can answer. Once:
 * later calls share it. Marks `search:index-ready` for the benchmark.
 */
export function loadPagefind(): Promise<SearchWorker> {
  loading ??= new Promise<SearchWorker>((resolve, reject) => {
    // webpack writes the worker as a classic script (its chunks are), whatever `type` says; the
    // worker loads Pagefind's module with a dynamic import, which Chromium, Firefox and WebKit
    // allow in a classic worker (the key journeys search in each: e2e/engines/). Its folder is
    // WORKERS_PATH (shared/search.ts), whose files get the policy a worker needs.
    const worker = new Worker(
      /* webpackChunkName: "workers/search" */ new URL("./pagefind.worker.ts", import.meta.url),
      { type: "module" },
    );
    const pending = new Map<
      number,
      { resolve: (r: PagefindResultData[] | null) => void; reject: (e: Error) => void }
    >();
    let next = 0;
    const fail = (error: Error) => {
      reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker.terminate();
      loading = undefined;
    };
    worker.onerror = (event) => fail(new Error(`the search's worker: ${event.message || "failed to load"}`));
    worker.onmessage = ({ data }: MessageEvent<WorkerAnswer>) => {
      if (data.kind === "ready") {
        performance.mark("search:index-ready");
        resolve({
          search: (term) =>
            new Promise((answer, refuse) => {
              const id = next++;
              pending.set(id, { resolve: answer, reject: refuse });
              worker.postMessage({ id, term, limit: MAX_RESULTS } satisfies WorkerQuery);
            }),
        });
      } else if (data.id === undefined) {
        fail(new Error(`the search's index: ${data.kind === "failed" ? data.error : "no answer"}`));
      } else {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        if (data.kind === "results") waiting?.resolve(data.results);
        else waiting?.reject(new Error(data.error));
      }
    };
  });
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

/**
 * The best results for `term`, or null when a newer search has replaced this one. When nothing
 * matches, a misspelling ("helthcare") is corrected against the site's vocabulary and searched.
 */
export async function searchSite(term: string): Promise<SiteSearch | null> {
  const search = await loadPagefind();
  // Every keystroke's query starts at once (no pause is waited for: a pause of 80 ms after the
  // last key put the results of a mid-tier phone past the 100 ms an interaction may take). The
  // search runs in the worker, off the page's thread, and a newer query makes the older one
  // answer null (and the dialog drops an answer whose query has changed since), so fast typing
  // costs the page no renders of results already out of date.
  const results = await search.search(term);
  if (!results) return null;
  if (results.length) return { results };
  const corrected = correctQuery(term, await loadVocabulary().catch(() => []));
  if (!corrected) return { results: [] };
  const again = await search.search(corrected);
  if (!again) return null;
  return { results: again, correctedTo: corrected };
}
