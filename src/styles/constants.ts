/** The spec's business constants (section 9), named once. */
export const NAVBAR_SOLID_SCROLL_PX = 75;
export const MOBILE_MAX_WIDTH_PX = 480;
/** The media query for a phone (the spec's mobile width and narrower), for CSS and matchMedia. */
export const PHONE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;
/**
 * The page once React has taken it over (gatsby-browser's onInitialClientRender marks <html
 * data-hydrated>): what only works with JavaScript is styled under it, so the static HTML stays
 * usable without (the footer's columns collapse on phones only when they can be opened).
 */
export const HYDRATED = "html[data-hydrated]";
export const CONSULTATION_BUTTON_MIN_WIDTH_PX = 768;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const SCROLL_ANIMATION_MS = 1000;
/**
 * What a phone lays out after the first paint: the page's sections after the first, and the
 * cards marked as likely below the fold (src/lib/deferredLayout.ts, globalCss).
 */
export const DEFERRED_LAYOUT_SELECTOR = "main > section ~ section, [data-defer-layout]";
