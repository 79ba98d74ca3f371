import type { GatsbyBrowser } from "gatsby";
import { trackPageView } from "./src/lib/analytics";
import { layOutDeferred, layOutForAnchor } from "./src/lib/deferredLayout";
import { holdNavigationUntilHydrated, hydrateInSlices, releaseNavigation } from "./src/lib/hydration";
import { endFirstHydration, startFirstHydration } from "./src/lib/hydrationGate";
import { nextTask } from "./src/lib/nextTask";
import { initScrollAnimations, onScrollAnimationsRouteUpdate } from "./src/lib/scrollAnimations";

/** The layout's module, imported by `onClientEntry`, before Gatsby's first render. */
let shell: typeof import("./src/wrapPageElement") | undefined;

/**
 * Gatsby evaluates every module of the page's start-up scripts in one task, then awaits this
 * before it loads the page. Yielding first moves the layout's modules (imported from the same
 * chunk: webpack's eager mode makes no request) and the start of Gatsby's loader to a task of
 * their own: about 30 ms of a slow host's thread time became 16, then under 12, below the
 * mid-tier phone's 50 ms line (ADR 0017, bench/findings.md).
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = async () => {
  holdNavigationUntilHydrated();
  await nextTask();
  shell = await import(/* webpackMode: "eager" */ "./src/wrapPageElement");
};

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = (args) => shell!.wrapPageElement(args);

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
