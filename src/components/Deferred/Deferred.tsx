import * as React from "react";
import { LocationContext } from "@gatsbyjs/reach-router";
import { gateOpened, mayHydrate } from "../../lib/hydrationGate";

/** Suspends during the page's first hydration until the gate opens (src/lib/hydrationGate.ts). */
function Gate({ children }: { children: React.ReactNode }) {
  if (!mayHydrate()) throw gateOpened();
  return <>{children}</>;
}

/**
 * The router's location for a deferred part, a step behind: a navigation reaches the part in a
 * transition. An update of any other priority that reaches a part React has not hydrated yet
 * makes React throw the part's server HTML away and render it afresh, reporting an error (#421)
 * to the window; one in a transition waits for the part to hydrate first. Gatsby's router sets
 * its location at default priority, and its Link reads it (the current page's link is marked
 * `aria-current`), so without this a click on a link soon after a visitor's first sign of use
 * could catch the parts while they hydrate in the background. `children` is the part's Suspense
 * boundary, made by the memoised wrapper below, so it keeps its identity when only the location
 * changes here.
 */
function LocationInTransition({ children }: { children: React.ReactNode }) {
  const location = React.useDeferredValue(React.useContext(LocationContext));
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

/**
 * A part of the page that React hydrates only once a visitor reaches for the page (ADR 0017): it
 * is server-rendered whole, and while the page first hydrates it suspends, so React keeps its
 * server HTML as it is (links work, nothing is fetched) and hydrates it later, on its own. React
 * hydrates a part at once when an event is for it, after the gate has opened for that same event.
 *
 * The part is memoised: its props must keep their identity while the page lives (useMemo,
 * useCallback), because a suspended part whose props change must be hydrated for the change.
 * The router's location reaches it in a transition (above), for the same reason.
 */
export function deferHydration<P extends object>(Part: React.ComponentType<P>, name: string) {
  function Deferred(props: P) {
    return (
      <LocationInTransition>
        <React.Suspense fallback={null}>
          <Gate>
            <Part {...props} />
          </Gate>
        </React.Suspense>
      </LocationInTransition>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return React.memo(Deferred);
}
