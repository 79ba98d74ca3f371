/**
 * Google Analytics 4 (gtag.js) in the browser, on the main thread, loaded at idle time after
 * hydration (issue 16: Partytown's sandbox page failed Lighthouse Best Practices; the bench
 * helper's ADR 0008 has the figures). Google Consent Mode v2: `consent default` goes into the
 * dataLayer before the tag's configuration, so gtag.js reads it before it measures anything.
 * The ids' rules are in shared/analytics.ts, which the build reads too.
 */
import { gtagScriptUrl } from "../../shared/analytics";

/** The env value baked into the browser bundle at build time (webpack inlines GATSBY_* vars). */
export const envMeasurementId = (): string | undefined => process.env.GATSBY_GA_MEASUREMENT_ID;

export type ConsentValue = "granted" | "denied";
type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [disableFlag: `ga-disable-${string}`]: boolean | undefined;
}

/** The site runs no ads: the three advertising signals are denied for everyone, always. */
const NO_ADS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" } as const;

let loadedId: string | undefined;
let measuring = false;

/** gtag's own stub: gtag.js reads the dataLayer's `arguments` objects (arrays are ignored). */
function defineGtag(win: AnalyticsWindow): Gtag {
  const dataLayer = (win.dataLayer ??= []);
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js only reads Arguments objects.
    dataLayer.push(arguments);
  };
  return win.gtag;
}

/**
 * Loads gtag.js once per page load: `consent default` (analytics storage as given, advertising
 * denied), then the configuration event, which counts the current page view, then the script.
 * `granted` is a choice the visitor made here (a `consent update` after the default).
 */
export function loadTag(
  id: string,
  defaultStorage: ConsentValue,
  granted = false,
  win: Window = window,
): void {
  const w = win as unknown as AnalyticsWindow;
  if (loadedId) return;
  loadedId = id;
  measuring = true;
  w[`ga-disable-${id}`] = false;
  const gtag = defineGtag(w);
  gtag("consent", "default", { analytics_storage: defaultStorage, ...NO_ADS });
  if (granted) gtag("consent", "update", { analytics_storage: "granted" });
  gtag("js", new Date());
  gtag("config", id);
  const script = win.document.createElement("script");
  script.async = true;
  script.src = gtagScriptUrl(id);
  win.document.head.appendChild(script);
}

/**
 * A choice made while the tag is already on the page. Denied also sets Google's documented
 * opt-out flag (`ga-disable-<id>`), so the loaded tag sends nothing more, and stops our page views.
 */
export function updateConsent(value: ConsentValue, win: Window = window): void {
  const w = win as unknown as AnalyticsWindow;
  if (!loadedId) return;
  measuring = value === "granted";
  w[`ga-disable-${loadedId}`] = !measuring;
  defineGtag(w)("consent", "update", { analytics_storage: value });
}

/** Whether the tag is on this page (loaded once per page load). */
export const tagLoaded = (): boolean => loadedId !== undefined;

/** For tests: forget this page load's tag. */
export const resetAnalytics = (): void => {
  loadedId = undefined;
  measuring = false;
};

type RouteLocation = Pick<Location, "pathname" | "search" | "hash">;

/**
 * Client-side navigations do not reload the tag, so each one sends a page_view while the visitor
 * is measured. The first render (no previous location) is skipped: the configuration event
 * already counted it. Waits two frames and 32 ms so the Head API has set the new document title
 * (gatsby-plugin-google-gtag does the same).
 */
export function trackPageView(
  location: RouteLocation,
  prevLocation: RouteLocation | null,
  win: Window = window,
): void {
  if (!prevLocation) return;
  const send = () => {
    const gtag = (win as unknown as AnalyticsWindow).gtag;
    if (!measuring || typeof gtag !== "function") return;
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
