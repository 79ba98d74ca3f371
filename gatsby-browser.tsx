import type { GatsbyBrowser } from "gatsby";
import { trackPageView } from "./src/lib/analytics";
import { layOutDeferred, layOutForAnchor } from "./src/lib/deferredLayout";
import { holdNavigationUntilHydrated, hydrateInSlices, releaseNavigation } from "./src/lib/hydration";
import { endFirstHydration, startFirstHydration } from "./src/lib/hydrationGate";
import { initScrollAnimations, onScrollAnimationsRouteUpdate } from "./src/lib/scrollAnimations";

export { wrapPageElement } from "./src/wrapPageElement";

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  holdNavigationUntilHydrated();
};

/**
 * Hydrate in 5 ms slices instead of one long task (src/lib/hydration.ts, ADR 0006), leaving the
 * deferred parts (closed menus, the footer) as they are until a visitor reaches for the page
 * (src/lib/hydrationGate.ts, ADR 0017).
 */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  // Gatsby's Renderer type still describes React 17's hydrate, which returned the container.
  ((element: React.ReactElement, container: Element) => {
    startFirstHydration();
    hydrateInSlices(element, container);
    return container;
  }) as unknown as ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  // A readiness mark: the page is hydrated and its controls respond (browser tests wait for it).
  document.documentElement.dataset.hydrated = "true";
  endFirstHydration();
  releaseNavigation();
  initScrollAnimations();
  layOutDeferred();
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location, prevLocation }) => {
  if (prevLocation) {
    onScrollAnimationsRouteUpdate();
    layOutForAnchor(location);
  }
  // Analytics page views on client-side navigation (the first page view is gtag's own).
  trackPageView(location, prevLocation);
};
