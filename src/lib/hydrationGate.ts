import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../shared/firstView";
import { whenIdle } from "./whenIdle";

/**
 * The gate the page's deferred parts wait behind while the page first hydrates (ADR 0017):
 * src/components/Deferred. Closed menus and the footer are static HTML until a visitor reaches for
 * the page; what they do needs React only from then on. The gate opens at the visitor's first
 * sign of use (a pointer over or down, a touch, a key, focus), in the capture phase at the
 * document, so before React sees the event: React then hydrates the part the event is for at
 * once, and the others in the background, each on its own, from the moment the browser is idle,
 * once it has answered the event. (Started at the event, their hydration ran ahead of the frame
 * that showed the phone menu a first tap opened: about 25 ms of that tap's 230 on a low-tier
 * phone, docs/performance.md.) An update the event makes starts them too: React retries every
 * suspended part on an update.
 *
 * Only the first hydration waits. A part rendered afresh later (a page without the layout before
 * it, the CMS's preview, a test) renders at once.
 */
const INTENT = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin"] as const;

let open = false;
let hydrating = false;
let release: () => void = () => {};
let opened: Promise<void> = new Promise((resolve) => (release = resolve));

/** Resolves when the gate opens: what a deferred part suspends on. */
export const gateOpened = (): Promise<void> => opened;

export function openHydrationGate(): void {
  if (open) return;
  open = true;
  for (const type of INTENT) document.removeEventListener(type, openHydrationGate, true);
  // The part the event is for hydrates now: React hydrates it for the event, and mayHydrate says
  // yes from here on. The others wait for the browser to be idle, after it has answered the event.
  whenIdle(release);
}

/**
 * From gatsby-browser, before the first hydration: deferred parts wait; the gate watches for use.
 * A visitor who used the page before its scripts ran (the starter marks it) opens it at once:
 * what they opened (the phone menu) is hydrated with the page.
 */
export function startFirstHydration(doc: Document = document): void {
  hydrating = true;
  if (doc.documentElement.hasAttribute(USED_BEFORE_SCRIPTS_ATTRIBUTE)) {
    openHydrationGate();
    return;
  }
  for (const type of INTENT) doc.addEventListener(type, openHydrationGate, { capture: true, passive: true });
}

/** From onInitialClientRender: what renders from now on renders at once (the gate stays as it is). */
export function endFirstHydration(): void {
  hydrating = false;
}

/** Whether a deferred part may render now, or must keep its server HTML. */
export const mayHydrate = (): boolean => typeof window === "undefined" || open || !hydrating;

/** For tests: back to a fresh page load. */
export function resetHydrationGate(): void {
  open = false;
  hydrating = false;
  opened = new Promise((resolve) => (release = resolve));
}
