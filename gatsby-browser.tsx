import type { GatsbyBrowser } from "gatsby";
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { trackPageView } from "./src/lib/analytics";
import { initScrollAnimations, onScrollAnimationsRouteUpdate } from "./src/lib/scrollAnimations";

export { wrapPageElement } from "./src/wrapPageElement";

/**
 * Hydrate inside a transition so React hydrates in 5 ms slices and yields to the browser between
 * them, instead of one long task (a plain hydrateRoot renders at a blocking priority). This is the
 * single biggest lever on Total Blocking Time for pages with a large navbar and footer.
 */
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  // Gatsby's Renderer type still describes React 17's hydrate, which returned the container.
  ((element: React.ReactElement, container: Element) => {
    startTransition(() => {
      hydrateRoot(container, element);
    });
    return container;
  }) as unknown as ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>;

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  // A readiness mark: the page is hydrated and its controls respond (browser tests wait for it).
  document.documentElement.dataset.hydrated = "true";
  initScrollAnimations();
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location, prevLocation }) => {
  if (prevLocation) onScrollAnimationsRouteUpdate();
  // Analytics page views on client-side navigation (the first page view is gtag's own).
  trackPageView(location, prevLocation);
};
