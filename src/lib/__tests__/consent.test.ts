import {
  CONSENT_STORAGE_KEY,
  isBannerOpen,
  needsConsent,
  openConsentSettings,
  planAnalytics,
  readConsent,
  saveConsent,
  setBannerOpen,
  subscribeBanner,
} from "../consent";

const REGIONS = ["DE", "FR", "GB"];

afterEach(() => {
  window.localStorage.clear();
  setBannerOpen(false);
});

test("a choice is saved with its date and read back on later visits", () => {
  expect(readConsent()).toBeNull();
  const record = saveConsent("granted", new Date("2026-11-03T10:00:00Z"));
  expect(record).toEqual({ choice: "granted", date: "2026-11-03T10:00:00.000Z" });
  expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY)!)).toEqual(record);
  expect(readConsent()).toEqual(record);
  saveConsent("denied");
  expect(readConsent()?.choice).toBe("denied");
});

test("an unreadable or foreign value counts as no choice", () => {
  window.localStorage.setItem(CONSENT_STORAGE_KEY, "{not json");
  expect(readConsent()).toBeNull();
  window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ choice: "maybe" }));
  expect(readConsent()).toBeNull();
});

test("blocked storage neither throws nor remembers", () => {
  const get = jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
    throw new Error("SecurityError");
  });
  const set = jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new Error("SecurityError");
  });
  expect(() => saveConsent("granted")).not.toThrow();
  expect(readConsent()).toBeNull();
  get.mockRestore();
  set.mockRestore();
});

test("visitors from a listed country, or an unknown one, are asked", () => {
  expect(needsConsent("DE", REGIONS)).toBe(true);
  expect(needsConsent(null, REGIONS)).toBe(true);
  expect(needsConsent("US", REGIONS)).toBe(false);
});

describe("what a page load does", () => {
  const granted = { choice: "granted", date: "2026-11-03T10:00:00.000Z" } as const;
  const denied = { choice: "denied", date: "2026-11-03T10:00:00.000Z" } as const;

  test("in a region (or unknown) with no choice: the banner, and nothing loads", () => {
    expect(planAnalytics(null, "DE", REGIONS)).toEqual({ load: false, ask: true });
    expect(planAnalytics(null, null, REGIONS)).toEqual({ load: false, ask: true });
  });

  test("outside the regions: the tag, analytics storage granted by default, no banner", () => {
    expect(planAnalytics(null, "US", REGIONS)).toEqual({ load: true, storage: "granted", granted: false });
  });

  test("a rejection wins everywhere: nothing loads and nobody asks again", () => {
    expect(planAnalytics(denied, "DE", REGIONS)).toEqual({ load: false, ask: false });
    expect(planAnalytics(denied, "US", REGIONS)).toEqual({ load: false, ask: false });
  });

  test("an acceptance loads the tag with the region's default, then the update", () => {
    expect(planAnalytics(granted, "DE", REGIONS)).toEqual({ load: true, storage: "denied", granted: true });
    expect(planAnalytics(granted, "US", REGIONS)).toEqual({ load: true, storage: "granted", granted: true });
  });
});

test("Cookie settings opens the banner and tells whoever listens", () => {
  const listener = jest.fn();
  const unsubscribe = subscribeBanner(listener);
  expect(isBannerOpen()).toBe(false);
  openConsentSettings();
  expect(isBannerOpen()).toBe(true);
  expect(listener).toHaveBeenCalledTimes(1);
  openConsentSettings();
  expect(listener).toHaveBeenCalledTimes(1);
  unsubscribe();
  setBannerOpen(false);
  expect(listener).toHaveBeenCalledTimes(1);
});
