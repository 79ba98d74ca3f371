/**
 * Analytics consent (issue 16), the part every page loads: the visitor's choice in localStorage
 * (with its date), the rule that decides whether they are asked, and whether the banner is open.
 * Kept small on purpose: it is first-load JavaScript; the banner itself is a separate chunk,
 * loaded only when it is shown (src/components/Analytics).
 */
import type { ConsentValue } from "./analytics";

export const CONSENT_STORAGE_KEY = "analyticsConsent";

export interface ConsentRecord {
  choice: ConsentValue;
  /** When the choice was made (ISO 8601). */
  date: string;
}

/** The saved choice, or null (none yet, storage blocked, or unreadable). Never throws. */
export function readConsent(): ConsentRecord | null {
  try {
    const record = JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? "null") as ConsentRecord;
    return record && (record.choice === "granted" || record.choice === "denied") ? record : null;
  } catch {
    return null;
  }
}

/** Saves the choice with today's date; with storage blocked it holds for this page load only. */
export function saveConsent(choice: ConsentValue, now = new Date()): ConsentRecord {
  const record = { choice, date: now.toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage blocked: nothing more to do (the visitor is asked again next time).
  }
  return record;
}

/** A visitor is asked when their country is in the list, or unknown (lookup failed or pending). */
export const needsConsent = (country: string | null, regions: readonly string[]): boolean =>
  !country || regions.includes(country);

export type AnalyticsPlan =
  { load: false; ask: boolean } | { load: true; storage: ConsentValue; granted: boolean };

/**
 * What this page load does: a saved choice wins (rejected: nothing; accepted: the tag, with the
 * region's default then the granted update); otherwise visitors who must be asked see the banner
 * and nothing loads, and the others get the tag with analytics storage granted by default.
 */
export function planAnalytics(
  saved: ConsentRecord | null,
  country: string | null,
  regions: readonly string[],
): AnalyticsPlan {
  const asked = needsConsent(country, regions);
  if (saved?.choice === "denied") return { load: false, ask: false };
  if (saved?.choice === "granted")
    return { load: true, storage: asked ? "denied" : "granted", granted: true };
  return asked ? { load: false, ask: true } : { load: true, storage: "granted", granted: false };
}

/* Whether the banner is open: the footer's "Cookie settings" opens it, the country-site
   suggestion waits while it is open (one bottom area, one thing at a time). */
let bannerOpen = false;
const listeners = new Set<() => void>();

export const isBannerOpen = (): boolean => bannerOpen;

export function setBannerOpen(open: boolean): void {
  if (open === bannerOpen) return;
  bannerOpen = open;
  listeners.forEach((listener) => listener());
}

export function subscribeBanner(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The footer's "Cookie settings": reopens the banner to change the choice. */
export const openConsentSettings = (): void => setBannerOpen(true);
