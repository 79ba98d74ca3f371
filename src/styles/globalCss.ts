import { DEFERRED_LAYOUT_SELECTOR, PHONE_QUERY } from "./constants";
import { media } from "./media";
import { theme } from "./theme";

/**
 * The site-wide base styles, as plain CSS built from the theme. gatsby-ssr puts them in a <style>
 * in every page's <head>, ahead of the components' styles. They were a createGlobalStyle, which
 * the browser compiled again (stylis) and re-inserted while the page hydrated: about 5 ms of
 * main thread in the hydration commit on every page, for CSS that never changes (issue 6, TBT).
 */
export const globalCss = `
*, *::before, *::after { box-sizing: border-box; }
/*
 * The focus ring's colour: copper on light surfaces. Dark surfaces (ink, the dark hero, the
 * transparent navbar over it) set --focus-ring to light copper with the focusRingOnDark mixin.
 */
:root { --focus-ring: ${theme.colors.accent}; }
/*
 * The navbar is fixed: scrolling to an anchor, or to an element focused with Shift+Tab, stops
 * below it rather than leaving the target (and its focus ring) hidden underneath.
 */
html {
  -webkit-text-size-adjust: 100%;
  scroll-behavior: smooth;
  scroll-padding-top: calc(${theme.navbarHeight} + ${theme.spacing(2)});
  scroll-padding-bottom: var(--bottom-area, 0px);
}
/*
 * The fixed bottom area (the consent banner, the country-site suggestion) must never hide the
 * element that has focus (WCAG 2.2, 2.4.11). While it shows something, src/components/BottomArea
 * sets --bottom-area to the height it covers: the bottom scroll padding above makes focus, Tab
 * and in-page links scroll an element clear of it, and the page footers (the layout's and
 * /new-home's) end with that much more room, so their last links can scroll above it.
 */
footer::after { content: ""; display: block; height: var(--bottom-area, 0px); }
/*
 * The phone menu (a modal <dialog>) keeps the page behind it from scrolling, also when the
 * browser opened it before the page hydrated (src/layout/MobileMenu).
 */
html:has(dialog[open]:modal) { overflow: hidden; }
/* The scrollbar's room stays when a dialog hides it: the page does not jump sideways, and the
   browser does not lay the whole page out again at the new width as the dialog opens. */
html { scrollbar-gutter: stable; }
@media (prefers-reduced-motion: reduce) { html { scroll-behavior: auto; } }
body {
  margin: 0;
  font-family: ${theme.fonts.body};
  font-size: 1rem;
  line-height: 1.6;
  color: ${theme.colors.text};
  background: ${theme.colors.white};
  -webkit-font-smoothing: antialiased;
}
h1, h2, h3, h4 { color: ${theme.colors.ink}; line-height: 1.2; margin: 0 0 0.5em; }
h1 { font-size: clamp(2rem, 2.5vw + 1.25rem, 3rem); letter-spacing: -0.02em; }
h2 { font-size: clamp(1.5rem, 2vw + 1rem, 2.25rem); letter-spacing: -0.01em; }
h3 { font-size: 1.2rem; }
p { margin: 0 0 1em; }
a { color: ${theme.colors.accent}; }
a:hover { color: ${theme.colors.accentDark}; }
img { max-width: 100%; height: auto; }
:focus-visible { outline: 3px solid var(--focus-ring); outline-offset: 2px; }
/*
 * The first layout of a page is the longest task of its load on a mid-range phone (issue 16,
 * TBT). On phones, what is below the fold is left out of it with content-visibility: auto, and
 * laid out when it nears the viewport. It stays in the page for find-in-page, keyboard focus and
 * screen readers.
 * - The footer (the site map: every service, industry and case study, about 280 elements) for
 *   good, at every width: it is the last thing on the page, so its placeholder height moves
 *   nothing above it, and "auto" keeps its real height once it has been shown. Skipped, it is
 *   also out of the restyle of the whole page that a modal dialog's opening causes (its 139
 *   rendered elements of 841 on a service page at 1280 px: docs/performance.md). Its
 *   placeholder is about its height at each width (922 to 986 px from md up, 1,657 below).
 * - The later sections and cards until the visitor first jumps (a key, focus without one, an
 *   in-page link, an anchor): src/lib/deferredLayout.ts then marks <html data-laid-out>, which
 *   lays the page out whole. Left as placeholders, their estimated heights would send such a
 *   jump far down the page to the wrong place. A part taller than its placeholder hides what
 *   overflows it while it waits (overflow: hidden, which changes no pixel of a part once shown:
 *   measured on every template at 375 px): otherwise the boxes of its unpainted text lie over
 *   whatever follows, and a checker that reads colours from boxes (Lighthouse's contrast audit)
 *   judged a link against the footer's background.
 * Wider screens lay everything else out at once: AOS measures positions when it starts there.
 */
footer { content-visibility: auto; contain-intrinsic-size: auto 950px; }
${media.down("md")} { footer { contain-intrinsic-size: auto 1650px; } }
@media ${PHONE_QUERY} {
  footer { contain-intrinsic-size: auto 900px; }
  html:not([data-laid-out]) :is(${DEFERRED_LAYOUT_SELECTOR}) {
    content-visibility: auto; contain-intrinsic-size: auto 480px; overflow: hidden;
  }
}
.visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/\s*\n\s*/g, " ")
  .trim();
