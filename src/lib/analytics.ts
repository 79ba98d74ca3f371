/**
 * Google Analytics 4 (gtag.js) in the browser, loaded off the main thread by Partytown through
 * Gatsby's Script API (docs/adr/0001-analytics-off-main-thread.md). The ids' rules are in
 * shared/analytics.ts, which the build reads too.
 */

/** The env value baked into the browser bundle at build time (webpack inlines GATSBY_* vars). */
export const envMeasurementId = (): string | undefined => process.env.GATSBY_GA_MEASUREMENT_ID;

/**
 * The inline off-main-thread script: defines dataLayer and gtag in the worker and sends the
 * configuration event, which also records the first page view. The id has been checked against
 * MEASUREMENT_ID_PATTERN and is written as a JSON string, so it cannot break out of the script.
 */
export const gtagConfigSnippet = (id: string): string =>
  [
    "window.dataLayer = window.dataLayer || [];",
    "window.gtag = function gtag(){ window.dataLayer.push(arguments); };",
    "gtag('js', new Date());",
    `gtag('config', ${JSON.stringify(id)});`,
  ].join("\n");

type Gtag = (...args: unknown[]) => void;
type RouteLocation = Pick<Location, "pathname" | "search" | "hash">;

/**
 * Client-side navigations do not reload off-main-thread scripts, so each one sends a page_view
 * through the gtag function Partytown forwards to the worker. The first render (no previous
 * location) is skipped: the configuration event already counted it. Waits two frames and 32 ms
 * so the Head API has set the new document title (gatsby-plugin-google-gtag does the same).
 */
export function trackPageView(
  location: RouteLocation,
  prevLocation: RouteLocation | null,
  win: Window = window,
): void {
  if (!prevLocation) return;
  const send = () => {
    const gtag = (win as unknown as { gtag?: Gtag }).gtag;
    if (typeof gtag !== "function") return;
    gtag("event", "page_view", {
      page_path: location.pathname + location.search + location.hash,
      page_location: win.location.href,
      page_title: win.document.title,
    });
  };
  if (typeof win.requestAnimationFrame === "function") {
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(send, 32)));
  } else {
    win.setTimeout(send, 32);
  }
}
