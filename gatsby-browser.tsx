import type { GatsbyBrowser } from "gatsby";
import { trackPageView } from "./src/lib/analytics";
import { initScrollAnimations, onScrollAnimationsRouteUpdate } from "./src/lib/scrollAnimations";

export { wrapPageElement } from "./src/wrapPageElement";

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
