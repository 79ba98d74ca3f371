import * as React from "react";
import { gateOpened, mayHydrate } from "../../lib/hydrationGate";

/** Suspends during the page's first hydration until the gate opens (src/lib/hydrationGate.ts). */
function Gate({ children }: { children: React.ReactNode }) {
  if (!mayHydrate()) throw gateOpened();
  return <>{children}</>;
}

/**
 * A part of the page that React hydrates only once a visitor reaches for the page (ADR 0017): it
 * is server-rendered whole, and while the page first hydrates it suspends, so React keeps its
 * server HTML as it is (links work, nothing is fetched) and hydrates it later, on its own. React
 * hydrates a part at once when an event is for it, after the gate has opened for that same event.
 *
 * The part is memoised: its props must keep their identity while the page lives (useMemo,
 * useCallback), because a suspended part whose props change must be hydrated for the change.
 * A navigation, which changes contexts above every part, renders in a transition for the same
 * reason (src/lib/routerLocation.tsx).
 */
export function deferHydration<P extends object>(Part: React.ComponentType<P>, name: string) {
  function Deferred(props: P) {
    return (
      <React.Suspense fallback={null}>
        <Gate>
          <Part {...props} />
        </Gate>
      </React.Suspense>
    );
  }
  Deferred.displayName = `Deferred(${name})`;
  return React.memo(Deferred);
}
