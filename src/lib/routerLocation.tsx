import * as React from "react";
import { globalHistory, LocationContext, type History } from "@gatsbyjs/reach-router";

/** What reach-router's history has beyond its published type: it ends a navigation's promise. */
type RouterHistory = History & { _onTransitionComplete?: () => void };

/**
 * The router's location for the whole app, changing in a transition (ADR 0017).
 *
 * This is reach-router's own LocationProvider, one difference aside: the new location after a
 * navigation (a link, Back, Forward) is set inside `startTransition`. Gatsby renders its root
 * inside it: its root finds this context above it and uses it instead of starting a provider of
 * its own (reach-router's `Location`), so every navigation renders as a transition.
 *
 * Why: a navigation changes contexts above every page (Gatsby's page data, the route's base, the
 * location), and React cannot know whether a part it has not hydrated yet reads them
 * (src/components/Deferred: closed menus and the footer wait for a visitor's first sign of use).
 * An update at any other priority that reaches such a part can make React throw its server HTML
 * away and render it afresh, reporting an error to the window (React's #421); in a transition,
 * React hydrates the part first and then shows the new page. A transition also renders the new
 * page in slices, so a phone stays responsive to a tap while the next page renders.
 *
 * Left out of reach-router's provider: its error boundary for `<Redirect>`, which this site does
 * not use (its redirects are the host's rules: gatsby/lib/hostRules.ts).
 */
export function RouterLocationInTransition({
  history = globalHistory,
  children,
}: {
  history?: RouterHistory;
  children: React.ReactNode;
}) {
  const [context, setContext] = React.useState(() => ({ location: history.location }));

  React.useEffect(() => {
    history._onTransitionComplete?.();
  }, [history, context.location]);

  React.useEffect(() => {
    let cancelled = false;
    // The same timing as reach-router's: after the history's own listeners, in the next frame.
    const unlisten = history.listen(({ location }) => {
      void Promise.resolve().then(() =>
        requestAnimationFrame(() => {
          if (!cancelled) React.startTransition(() => setContext({ location }));
        }),
      );
    });
    return () => {
      cancelled = true;
      unlisten();
    };
  }, [history]);

  return <LocationContext.Provider value={context}>{children}</LocationContext.Provider>;
}
