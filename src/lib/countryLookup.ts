/**
 * The visitor's country, looked up once per page load from the public IP-to-country service in
 * content/site.yaml (countryLookupUrl, answering JSON such as {"country":"GB"}; the build-time
 * GATSBY_COUNTRY_LOOKUP_URL overrides it) and saved in localStorage under `country` (spec
 * sections 3, 7, 8). Used to help the visitor (the country-site suggestion, a preselected phone
 * code) and to ask for analytics consent where the law requires it (issue 16): never to
 * redirect, never to hide content.
 */
import { resolveCountryLookupUrl } from "../../shared/countryLookupUrl";

export const COUNTRY_STORAGE_KEY = "country";
export const LOOKUP_TIMEOUT_MS = 8000;

const COUNTRY_CODE = /^[A-Z]{2}$/;

type Store = Pick<Storage, "getItem" | "setItem">;

export interface LookupOptions {
  url: string;
  storage: Store;
  fetch: typeof fetch;
  /** Where failures are reported; the spec says the console, and nothing visible. */
  logError?: (message: string, error?: unknown) => void;
  timeoutMs?: number;
}

export class CountryLookupError extends Error {}

/** A two-letter ISO 3166-1 code, upper-cased, or null for anything else. */
export function parseCountryCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return COUNTRY_CODE.test(code) ? code : null;
}

async function fetchCountry(url: string, doFetch: typeof fetch, timeoutMs: number): Promise<string> {
  const controller = typeof AbortController === "function" ? new AbortController() : undefined;
  const timer = controller ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  try {
    const response = await doFetch(url, {
      headers: { Accept: "application/json" },
      credentials: "omit",
      signal: controller?.signal,
    });
    if (!response.ok) throw new CountryLookupError(`the service answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new CountryLookupError("the answer was not JSON");
    }
    const raw = body && typeof body === "object" ? (body as { country?: unknown }).country : undefined;
    const code = parseCountryCode(raw);
    if (!code) {
      throw new CountryLookupError(
        raw === undefined ? "the answer has no country" : `"${String(raw)}" is not a two-letter country code`,
      );
    }
    return code;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Returns the saved country, or looks it up and saves it. Never throws: a failure of any kind
 * (storage blocked, network, non-2xx, bad JSON, missing or malformed code) is logged and gives
 * null, and nothing is saved.
 */
export async function lookupCountry({
  url,
  storage,
  fetch: doFetch,
  logError = (message, error) => console.error(message, error),
  timeoutMs = LOOKUP_TIMEOUT_MS,
}: LookupOptions): Promise<string | null> {
  try {
    const saved = storage.getItem(COUNTRY_STORAGE_KEY);
    if (saved) return parseCountryCode(saved);
    const code = await fetchCountry(url, doFetch, timeoutMs);
    storage.setItem(COUNTRY_STORAGE_KEY, code);
    return code;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logError(`Country lookup failed: ${reason}`, error);
    return null;
  }
}

let pending: Promise<string | null> | undefined;

/**
 * The lookup for this page load. Module state lives until the next full page load, so
 * client-side navigations and remounts share the one request. `contentUrl` is site.yaml's
 * countryLookupUrl; GATSBY_COUNTRY_LOOKUP_URL, inlined by webpack at build time, overrides it.
 */
export function lookupCountryOnce(contentUrl: string): Promise<string | null> {
  const url = resolveCountryLookupUrl(process.env.GATSBY_COUNTRY_LOOKUP_URL, contentUrl);
  pending ??= (async () => {
    let storage: Store;
    try {
      storage = window.localStorage;
    } catch (error) {
      console.error("Country lookup failed: localStorage is not available", error);
      return null;
    }
    return lookupCountry({ url, storage, fetch: window.fetch.bind(window) });
  })();
  return pending;
}

/** For tests: forget this page load's lookup. */
export const resetCountryLookup = (): void => {
  pending = undefined;
};

/** The saved country, if any (for example to preselect a phone country code); never throws. */
export function savedCountry(): string | null {
  try {
    return parseCountryCode(window.localStorage.getItem(COUNTRY_STORAGE_KEY));
  } catch {
    return null;
  }
}
