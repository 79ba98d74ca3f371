import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterLocationInTransition } from "./routerLocation";

/**
 * Hydration in slices, and navigation that waits for it (ADR 0006).
 *
 * A plain hydrateRoot renders the whole page in one blocking task, the biggest single cost in
 * Total Blocking Time. Inside startTransition React hydrates in 5 ms slices and yields between
 * them. A click on a part React has not hydrated yet still works: React hydrates the page
 * synchronously first, then handles the click.
 *
 * What that does not cover is a navigation that reaches Gatsby's router before the router
 * listens. Reach-router subscribes to history in an effect, which after a transition runs a task
 * after the commit; and gatsby-plugin-catch-links handles clicks on plain links from the moment
 * Gatsby starts, before React has even begun. A navigation in that window changes the URL and
 * leaves the old page on screen. So until the first render's effects have run, Gatsby's navigate
 * queues the latest request, and the first render replays it.
 */

type Navigate = (to: string | number, options?: unknown) => void;

interface GatsbyWindow {
  ___navigate?: Navigate;
}

let ready = false;
let pending: Parameters<Navigate> | undefined;
let navigate: Navigate | undefined;

/** From onClientEntry: Gatsby has set up its navigate; hold navigations until the page is live. */
export function holdNavigationUntilHydrated(win: GatsbyWindow = window as unknown as GatsbyWindow): void {
  navigate = win.___navigate;
  if (!navigate) return;
  win.___navigate = (...args) => {
    if (ready) navigate?.(...args);
    else pending = args;
  };
}

/** From onInitialClientRender: the router listens now; replay the navigation that waited, if any. */
export function releaseNavigation(): void {
  ready = true;
  const args = pending;
  pending = undefined;
  if (args) navigate?.(...args);
}

/** For tests: back to the state of a fresh page load. */
export function resetNavigationHold(): void {
  ready = false;
  pending = undefined;
  navigate = undefined;
}

/**
 * Gatsby's replaceHydrateFunction: hydrate at transition priority, with the router's location
 * changing in transitions too (src/lib/routerLocation.tsx). Its provider renders no element, so
 * the server's HTML, rendered without it, still matches.
 */
export function hydrateInSlices(element: React.ReactElement, container: Element): void {
  startTransition(() => {
    hydrateRoot(container, createElement(RouterLocationInTransition, null, element));
  });
}
