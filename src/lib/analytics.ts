/**
 * Google Analytics 4 (gtag.js) in a web worker, through Partytown (the spec's "background-worker
 * script strategy", ADR 0011). The page never runs Google's code: `src/components/Analytics`
 * renders Gatsby's `<Script strategy="off-main-thread">` elements once the visitor may be
 * measured, and `startPartytown` then starts Partytown, which runs them in its worker. The page
 * talks to the tag only through the functions Partytown forwards to the worker
 * (`WORKER_FUNCTIONS`): consent updates, page views of client-side navigations, field metrics.
 *
 * Google Consent Mode v2: `consent default` is the worker's first command, before the
 * configuration and before gtag.js runs. The ids' rules are in shared/analyticsIds.ts, which the
 * build reads too.
 */

/** The env value baked into the browser bundle at build time (webpack inlines GATSBY_* vars). */
export const envMeasurementId = (): string | undefined => process.env.GATSBY_GA_MEASUREMENT_ID;

export type ConsentValue = "granted" | "denied";

/**
 * The worker's functions the page calls. Partytown defines a stub of each on the page that
 * forwards the call to the worker, where the setup script (`tagSetupScript`) defines them:
 * `gtag` (Google's command queue) and `analyticsOptOut` (sets Google's documented opt-out flag,
 * `ga-disable-<id>`, in the worker, where gtag.js reads it).
 */
export const WORKER_FUNCTIONS = ["gtag", "analyticsOptOut"] as const;
type WorkerFunction = (typeof WORKER_FUNCTIONS)[number];

/** Where Gatsby copies Partytown's files at build time (its internal plugin, onPreBootstrap). */
export const PARTYTOWN_LIB = "/~partytown/";
/** Partytown's service worker in that folder: registered here first, and named to Partytown (`swPath`). */
const PARTYTOWN_SW = "partytown-sw.js";

/** The site runs no ads: the three advertising signals are denied for everyone, always. */
const NO_ADS = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" } as const;

/** What the worker starts with: the id, the region's default for analytics storage, a choice made. */
export interface TagPlan {
  id: string;
  /** Consent Mode's default for analytics storage (denied where the visitor must be asked). */
  storage: ConsentValue;
  /** The visitor accepted here (a `consent update` after the default). */
  granted: boolean;
}

/**
 * The inline script that runs first in the worker (one of Gatsby's off-main-thread Scripts):
 * gtag's own stub, the opt-out switch, `consent default` (analytics storage as given, advertising
 * denied), the visitor's update if they accepted, then the configuration event, which counts the
 * current page view once gtag.js runs. Functions the page calls are set on `window` (Partytown
 * runs each script in a function scope, so a plain declaration would stay local).
 */
export function tagSetupScript({ id, storage, granted }: TagPlan): string {
  const json = JSON.stringify;
  return [
    "window.dataLayer = window.dataLayer || [];",
    "window.gtag = function gtag() { window.dataLayer.push(arguments); };",
    `window.analyticsOptOut = function (off) { window[${json(`ga-disable-${id}`)}] = off; };`,
    `gtag("consent", "default", ${json({ analytics_storage: storage, ...NO_ADS })});`,
    granted ? `gtag("consent", "update", ${json({ analytics_storage: "granted" })});` : "",
    'gtag("js", new Date());',
    `gtag("config", ${json(id)});`,
  ]
    .filter(Boolean)
    .join("\n");
}

interface PartytownWindow {
  partytown?: { lib: string; swPath: string; debug: boolean; forward: string[]; fallbackTimeout: number };
}
type WorkerWindow = Partial<Record<WorkerFunction, (...args: unknown[]) => void>>;

let loadedId: string | undefined;
let measuring = false;
let started = false;
/** Calls made before Partytown's stubs exist (its script still loading); replayed in order. */
let pending: [WorkerFunction, unknown[]][] = [];

/**
 * Calls a function of the worker's tag. Partytown's stub queues the call until the worker has
 * run the tag's scripts; before the stub exists, the call waits here.
 */
function callWorker(name: WorkerFunction, args: unknown[], win: Window = window): void {
  const fn = (win as unknown as WorkerWindow)[name];
  if (typeof fn === "function") fn(...args);
  else pending.push([name, args]);
}

function flushPending(win: Window): void {
  const calls = pending;
  pending = [];
  for (const [name, args] of calls) callWorker(name, args, win);
}

/**
 * Marks the tag as loading on this page (once per page load) and returns what the worker starts
 * with; undefined when it is already on the page. The component renders the scripts from it.
 */
export function loadTag(id: string, defaultStorage: ConsentValue, granted = false): TagPlan | undefined {
  if (loadedId) return undefined;
  loadedId = id;
  measuring = true;
  return { id, storage: defaultStorage, granted };
}

/**
 * Starts Partytown once the tag's `text/partytown` scripts are in the document (it runs those it
 * finds when it starts). Its loader is a file of its own (`partytown.js`, the same code as the
 * snippet Gatsby would inline into every page's head): no inline script, nothing for a visitor
 * who is not measured, and nothing before the page has hydrated. `debug: false` picks the
 * minified build; `forward` lists the functions the page calls.
 *
 * Partytown runs the tag in its worker through a service worker. Where there is none (a private
 * window of some browsers), or where it is slow to start, Partytown would fall back to running
 * the tag on the page, by copying its scripts into inline ones the site's policy forbids: a
 * violation, and analytics on the main thread. So it is not started without a service worker,
 * and waits for a slow one (`fallbackTimeout: 0`): such a visitor goes unmeasured. Partytown
 * also falls back when the browser refuses to register its service worker (site data blocked:
 * the registration's promise rejects), so the worker is registered here first, and Partytown's
 * loader, which registers the same one, comes only once that has succeeded.
 */
export function startPartytown(win: Window = window): void {
  if (started || !win.navigator.serviceWorker) return;
  started = true;
  (win as unknown as PartytownWindow).partytown = {
    lib: PARTYTOWN_LIB,
    swPath: PARTYTOWN_SW,
    debug: false,
    forward: [...WORKER_FUNCTIONS],
    fallbackTimeout: 0,
  };
  win.navigator.serviceWorker.register(`${PARTYTOWN_LIB}${PARTYTOWN_SW}`, { scope: PARTYTOWN_LIB }).then(
    () => {
      const script = win.document.createElement("script");
      script.src = `${PARTYTOWN_LIB}partytown.js`;
      script.addEventListener("load", () => flushPending(win), { once: true });
      win.document.head.appendChild(script);
    },
    () => undefined,
  );
}

/**
 * A choice made while the tag is already on the page. Denied also sets Google's opt-out flag in
 * the worker, so the loaded tag sends nothing more, and stops our page views and field metrics.
 */
export function updateConsent(value: ConsentValue, win: Window = window): void {
  if (!loadedId) return;
  measuring = value === "granted";
  callWorker("gtag", ["consent", "update", { analytics_storage: value }], win);
  callWorker("analyticsOptOut", [!measuring], win);
}

/** Whether the tag is on this page (loaded once per page load). */
export const tagLoaded = (): boolean => loadedId !== undefined;

/** Whether the visitor is measured right now: the tag is on the page and was not rejected since. */
export const isMeasuring = (): boolean => measuring;

/** An analytics event through the tag in the worker, only while the visitor is measured. */
export function sendEvent(name: string, params: Record<string, unknown>, win: Window = window): void {
  if (measuring) callWorker("gtag", ["event", name, params], win);
}

/** For tests: forget this page load's tag. */
export const resetAnalytics = (): void => {
  loadedId = undefined;
  measuring = false;
  started = false;
  pending = [];
};

type RouteLocation = Pick<Location, "pathname" | "search" | "hash">;

/** How long after a route update's second frame its page_view is sent (see trackPageView). */
export const PAGE_VIEW_DELAY_MS = 32;

/**
 * Client-side navigations do not reload the tag, and gtag.js in the worker cannot see the page's
 * history changes, so each one sends a page_view while the visitor is measured. The first render
 * (no previous location) is skipped: the configuration event counts it. Waits two frames and
 * 32 ms so the Head API has set the new document title (gatsby-plugin-google-gtag does the same).
 */
export function trackPageView(
  location: RouteLocation,
  prevLocation: RouteLocation | null,
  win: Window = window,
): void {
  if (!prevLocation) return;
  const send = () =>
    sendEvent(
      "page_view",
      {
        page_path: location.pathname + location.search + location.hash,
        page_location: win.location.href,
        page_title: win.document.title,
      },
      win,
    );
  if (typeof win.requestAnimationFrame === "function") {
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => win.setTimeout(send, PAGE_VIEW_DELAY_MS)),
    );
  } else {
    win.setTimeout(send, PAGE_VIEW_DELAY_MS);
  }
}
