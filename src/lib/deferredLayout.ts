import { PHONE_QUERY } from "../styles/constants";

/**
 * What the first paint leaves out (globalCss: on phones, the sections after the first and the
 * cards likely below the fold wait under content-visibility: auto), and when it is laid out.
 *
 * The browser lays each part out as it nears the viewport, so a visitor who reads and scrolls
 * never waits for the rest. What placeholders get wrong is a jump far down the page: the parts in
 * between keep their estimated heights, and focus moved to the footer, or an in-page link, lands
 * in the wrong place (ADR 0009). So the rule is lifted for good (<html data-laid-out>), and the
 * whole page laid out, at the visitor's first sign of such a jump: a key (before Tab or End move
 * anything), focus arriving without one (a screen reader, a script: focus a tap gives a button is
 * not :focus-visible and lifts nothing), an in-page link, or a page opened at an anchor (also by a
 * client-side navigation: `layOutForAnchor`); and the element that was the jump's target is
 * brought back into view. Until
 * then nothing is laid out ahead of the visitor: on a low-tier phone laying out the rest "at idle"
 * took tasks of 50 to 150 ms each, on every page, for visitors who never needed it (ADR 0017).
 * Wider screens, where the stylesheet defers nothing, are marked at once.
 */
let liftForAnchor: () => void = () => {};

/** From onRouteUpdate: a client-side navigation to an anchor lands where a full page load would. */
export function layOutForAnchor(location: { hash: string }): void {
  if (location.hash) liftForAnchor();
}

export function layOutDeferred(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  const mark = () => {
    doc.documentElement.dataset.laidOut = "true";
  };
  if (!win.matchMedia(PHONE_QUERY).matches) {
    mark();
    return () => {};
  }
  const hashTarget = () => {
    const id = decodeURIComponent(win.location.hash.slice(1));
    return id ? doc.getElementById(id) : null;
  };
  const stop = () => {
    liftForAnchor = () => {};
    doc.removeEventListener("keydown", onKey, true);
    doc.removeEventListener("focusin", onFocus, true);
    doc.removeEventListener("click", onClick, true);
    win.removeEventListener("hashchange", onHash);
  };
  /** Lays the page out whole, then brings `target` (what the visitor jumped to) back into view. */
  const lift = (target?: Element | null) => {
    stop();
    mark();
    if (target) win.requestAnimationFrame(() => target.scrollIntoView({ block: "nearest" }));
  };
  const onKey = () => lift();
  const onFocus = (event: FocusEvent) => {
    const target = event.target as Element;
    if (target.matches?.(":focus-visible")) lift(target);
  };
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[href^='#']");
    if (link) lift();
  };
  const onHash = () => lift(hashTarget());
  if (hashTarget()) {
    lift(hashTarget());
    return () => {};
  }
  liftForAnchor = onHash;
  doc.addEventListener("keydown", onKey, true);
  doc.addEventListener("focusin", onFocus, true);
  doc.addEventListener("click", onClick, true);
  win.addEventListener("hashchange", onHash);
  return stop;
}
