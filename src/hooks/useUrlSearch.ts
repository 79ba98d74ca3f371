import * as React from "react";
import { afterNextPaint } from "../lib/afterNextPaint";

export type HistoryMode = "push" | "replace";

/**
 * The page's URL query (`?industry=finance`) as state, for pages whose view is filtered by it.
 *
 * It is `null` until the page has hydrated: the static HTML is built without a query, so the
 * first browser render must not use one either (that would be a hydration mismatch). After that
 * it follows the address bar: `setSearch` sets it and writes it with `history.pushState` (or
 * `replaceState`) once the frame that shows the change is painted, and the back and forward
 * buttons (`popstate`) and router navigations to the same page with another query (a change of
 * `location`) read it back.
 *
 * It writes the history directly rather than through Gatsby's `navigate`, which scrolls to the
 * top and announces a new page on every change, both wrong for a filter.
 */
export function useUrlSearch(location: {
  search?: string;
  key?: string;
}): [string | null, (search: string, mode?: HistoryMode) => void] {
  const [search, setSearchState] = React.useState<string | null>(null);

  React.useEffect(() => {
    setSearchState(window.location.search);
  }, [location.search, location.key]);

  React.useEffect(() => {
    const onPopState = () => setSearchState(window.location.search);
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);

  const setSearch = React.useCallback((next: string, mode: HistoryMode = "push") => {
    const { pathname, hash } = window.location;
    const url = `${pathname}${next}${hash}`;
    setSearchState(next);
    // The address follows once the change is on screen. Writing the history (the document's
    // new address, the same-document navigation's bookkeeping) took about 3 ms of host time in
    // a /works filter change, 35 ms on the low-tier phone, that the change's frame need not
    // wait for (docs/performance.md). Not once the visitor has left the page. The router's
    // state (its key) is kept, so Gatsby's scroll restoration treats the new entry as this page.
    afterNextPaint(() => {
      if (window.location.pathname !== pathname) return;
      if (mode === "replace") window.history.replaceState(window.history.state, "", url);
      else window.history.pushState(window.history.state, "", url);
    });
  }, []);

  return [search, setSearch];
}
