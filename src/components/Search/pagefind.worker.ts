/**
 * The site search's worker: Pagefind's engine runs here, off the page's main thread, and answers
 * each query with one message holding its best results, ready to show (`pagefind.ts` is the
 * page's side). Pagefind's script, loaded in a worker, runs its engine in that same thread (its
 * own worker is for a page), so this replaces Pagefind's worker rather than adding a thread.
 *
 * Why not Pagefind's own worker: it answers a query with every match (a hundred for a first
 * letter), each result's data then a message of its own, and registers every result for
 * finalization; when the collector takes the results of a visitor's earlier keystrokes, each
 * sends the worker a message that it answers. On a traced search those bursts were 400 to 900
 * tasks on each thread, 20 to 40 ms of the page's threads at the host's speed, in about one run
 * of three (docs/performance.md). Here a query is one message each way.
 */
import { SEARCH_BUNDLE_PATH } from "../../../shared/search";
import type { PagefindResultData } from "../../lib/search";
import type { Pagefind, WorkerAnswer, WorkerQuery } from "./pagefind";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerQuery>) => void) | null;
  postMessage(message: WorkerAnswer): void;
};

const engine = (async () => {
  const pagefind = (await import(/* webpackIgnore: true */ `${SEARCH_BUNDLE_PATH}pagefind.js`)) as Pagefind;
  // In a worker Pagefind takes its paths from its script's absolute address (a page strips the
  // origin), which would make every result's link absolute: the site's own paths, as on a page.
  await pagefind.options({ excerptLength: 22, basePath: SEARCH_BUNDLE_PATH, baseUrl: "/" });
  await pagefind.init();
  // init() fetches and compiles nothing: the engine (its WASM and the index's metadata) comes
  // with the first query. A preload makes that happen now, while the dialog opens.
  await pagefind.preload("").catch(() => undefined);
  return pagefind;
})();

engine.then(
  () => scope.postMessage({ kind: "ready" }),
  (error: unknown) => scope.postMessage({ kind: "failed", error: String(error) }),
);

/** Only what the dialog reads: a page's text is the bulk of Pagefind's data and stays here. */
const trim = ({ url, excerpt, meta }: PagefindResultData): PagefindResultData => ({
  url,
  excerpt,
  meta: { title: meta.title, kind: meta.kind },
});

scope.onmessage = async ({ data: { id, term, limit } }) => {
  try {
    const pagefind = await engine;
    // A newer query makes an older one answer null (no pause is waited for: docs/performance.md).
    const found = await pagefind.debouncedSearch(term, {}, 0);
    const results = found && (await Promise.all(found.results.slice(0, limit).map((r) => r.data())));
    scope.postMessage({ kind: "results", id, results: results && results.map(trim) });
  } catch (error) {
    scope.postMessage({ kind: "failed", id, error: String(error) });
  }
};
