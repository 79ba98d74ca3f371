import { DEFERRED_LAYOUT_SELECTOR, PHONE_QUERY } from "../styles/constants";
import { whenIdle } from "./whenIdle";

/**
 * Lays out what the first paint left out (globalCss: on phones, the sections after the first and
 * the cards likely below the fold wait under content-visibility: auto), once the page has
 * hydrated and the browser is idle: one element a frame, each a short task of its own rather
 * than one long one, in page order. Then <html data-laid-out> lifts the rule for good, so every
 * later page and client-side navigation is laid out whole, and a jump far down the page (an
 * anchor, focus moved to the footer) lands where it should. Wider screens, where the stylesheet
 * defers nothing, are marked at once.
 */
export function layOutDeferred(doc: Document = document): () => void {
  if (!window.matchMedia(PHONE_QUERY).matches) {
    doc.documentElement.dataset.laidOut = "true";
    return () => {};
  }
  const waiting = [...doc.querySelectorAll<HTMLElement>(DEFERRED_LAYOUT_SELECTOR)];
  let frame = 0;
  const step = () => {
    const next = waiting.shift();
    if (!next) {
      doc.documentElement.dataset.laidOut = "true";
      return;
    }
    next.style.contentVisibility = "visible";
    frame = window.requestAnimationFrame(step);
  };
  const cancelIdle = whenIdle(() => {
    frame = window.requestAnimationFrame(step);
  });
  return () => {
    cancelIdle();
    window.cancelAnimationFrame(frame);
  };
}
