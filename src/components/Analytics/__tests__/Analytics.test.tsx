import * as React from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../styles/theme";
import { readConsent, saveConsent, setBannerOpen } from "../../../lib/consent";
import { lookupCountryOnce } from "../../../lib/countryLookup";
import { siteSettings } from "../../../../test/siteSettings";
import { gtagScriptUrl, resolveMeasurementId } from "../../../../shared/analyticsIds";
import {
  loadTag,
  resetAnalytics,
  startPartytown,
  trackPageView,
  updateConsent,
} from "../../../lib/analytics";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { Analytics } from "../Analytics";

/**
 * The browsers Partytown runs in have a service worker; jsdom has none. `refused`: the browser
 * refuses the registration (its cookies and site data blocked), as its promise says.
 */
const withServiceWorker = (refused = false) =>
  Object.defineProperty(navigator, "serviceWorker", {
    value: {
      register: jest.fn(() =>
        refused
          ? Promise.reject(new DOMException("The operation is insecure.", "SecurityError"))
          : Promise.resolve({}),
      ),
    },
    configurable: true,
  });
beforeAll(withServiceWorker);

jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../lib/countryLookup", () => ({
  lookupCountryOnce: jest.fn(),
  savedCountry: jest.fn(() => null),
}));
const withAnalyticsId = (analyticsId: string) =>
  jest.mocked(useSiteSettings).mockReturnValue({ ...siteSettings, analyticsId });

const ENV = "GATSBY_GA_MEASUREMENT_ID";
afterEach(() => {
  delete process.env[ENV];
});

test("the id comes from site.yaml, and GATSBY_GA_MEASUREMENT_ID overrides it", () => {
  expect(resolveMeasurementId(undefined, "G-SITE1234")).toBe("G-SITE1234");
  expect(resolveMeasurementId("G-ENV12345", "G-SITE1234")).toBe("G-ENV12345");
  expect(resolveMeasurementId("  ", "G-SITE1234")).toBe("G-SITE1234");
  expect(resolveMeasurementId(undefined, "")).toBe("");
  expect(resolveMeasurementId(undefined, null)).toBe("");
});

/** Gatsby's off-main-thread Scripts the component rendered (Partytown runs them in its worker). */
const workerScripts = () => [
  ...document.querySelectorAll<HTMLScriptElement>('script[type="text/partytown"]'),
];
const partytownLoader = () => document.querySelectorAll('script[src="/~partytown/partytown.js"]');
type PartytownWindow = Window & {
  partytown?: { forward: string[]; lib: string; swPath: string; debug: boolean };
};
const PROXIED_GTAG = (id: string) => `/__third-party-proxy?url=${encodeURIComponent(gtagScriptUrl(id))}`;

jest.mock("../../../lib/fieldMetrics", () => ({ reportFieldMetrics: jest.fn() }));

describe("the tag and the banner", () => {
  afterEach(() => {
    jest.useRealTimers();
    resetAnalytics();
    setBannerOpen(false);
    window.localStorage.clear();
    partytownLoader().forEach((s) => s.remove());
    delete (window as PartytownWindow).partytown;
  });
  const from = (country: string | null) => jest.mocked(lookupCountryOnce).mockResolvedValue(country);
  const renderIt = (ui: React.ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
  /**
   * Runs every timer the component set (the idle callback, the lookup's deadline) and the promises
   * they resolve, so whatever it would ever decide has been decided: "nothing loaded" afterwards
   * means nothing will load, not that nothing has loaded yet.
   */
  const settle = async () => {
    await act(async () => {
      await jest.runAllTimersAsync();
    });
  };

  test("with no id nothing is rendered and nothing is loaded", async () => {
    jest.useFakeTimers();
    withAnalyticsId("");
    from("US");
    const { container } = renderIt(<Analytics />);
    await settle();
    expect(container.innerHTML).toBe("");
    expect(partytownLoader()).toHaveLength(0);
  });

  test("outside the regions, at idle time: the worker's scripts, consent default first, then Partytown", async () => {
    withAnalyticsId("G-SITE1234");
    process.env[ENV] = "G-ENV12345";
    from("US");
    renderIt(<Analytics />);
    expect(workerScripts()).toHaveLength(0);
    await waitFor(() => expect(partytownLoader()).toHaveLength(1));
    const [setup, gtagJs] = workerScripts();
    expect(gtagJs.getAttribute("src")).toBe(PROXIED_GTAG("G-ENV12345"));
    const code = setup.textContent ?? "";
    const order = ['gtag("consent", "default"', 'gtag("js"', 'gtag("config", "G-ENV12345")'].map((c) =>
      code.indexOf(c),
    );
    expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]))).toBe(true);
    expect(code).toContain('"analytics_storage":"granted","ad_storage":"denied"');
    expect(code).not.toContain('"update"');
    expect((window as PartytownWindow).partytown).toEqual({
      lib: "/~partytown/",
      // The worker registered before Partytown's loader came: the one Partytown registers.
      swPath: "partytown-sw.js",
      debug: false,
      forward: ["gtag", "analyticsOptOut"],
      // No main-thread fallback when the service worker is slow (the policy forbids it).
      fallbackTimeout: 0,
    });
    expect(navigator.serviceWorker.register).toHaveBeenCalledWith("/~partytown/partytown-sw.js", {
      scope: "/~partytown/",
    });
    // Nothing of Google's on the page itself.
    expect(document.querySelectorAll("script:not([type])[src*='googletagmanager']")).toHaveLength(0);
  });

  test.each([["DE"], [null]])(
    "from %s: the banner, nothing loaded; Accept starts the tag with the update",
    async (country) => {
      withAnalyticsId("G-SITE1234");
      from(country);
      renderIt(<Analytics />);
      const accept = await screen.findByRole(
        "button",
        { name: siteSettings.consentBanner.accept },
        { timeout: 5000 },
      );
      expect(workerScripts()).toHaveLength(0);
      expect(partytownLoader()).toHaveLength(0);
      await userEvent.click(accept);
      expect(screen.queryByRole("region", { name: siteSettings.consentBanner.heading })).toBeNull();
      await waitFor(() => expect(partytownLoader()).toHaveLength(1));
      const code = workerScripts()[0].textContent ?? "";
      expect(code).toContain('gtag("consent", "default", {"analytics_storage":"denied"');
      expect(code.indexOf('gtag("consent", "update", {"analytics_storage":"granted"})')).toBeGreaterThan(
        code.indexOf('"default"'),
      );
      expect(readConsent()?.choice).toBe("granted");
    },
  );

  test("a saved rejection: no banner, nothing loaded", async () => {
    jest.useFakeTimers();
    withAnalyticsId("G-SITE1234");
    from("DE");
    saveConsent("denied");
    renderIt(<Analytics />);
    await settle();
    expect(screen.queryByRole("region")).toBeNull();
    expect(workerScripts()).toHaveLength(0);
    expect(partytownLoader()).toHaveLength(0);
  });

  test("a malformed id loads nothing", async () => {
    jest.useFakeTimers();
    withAnalyticsId("");
    from("US");
    const { container } = renderIt(<Analytics id={`G-1');alert('x`} />);
    await settle();
    expect(container.innerHTML).toBe("");
    expect(partytownLoader()).toHaveLength(0);
  });
});

describe("page views on client-side navigation", () => {
  const location = { pathname: "/works", search: "?a=1", hash: "" };
  let gtag: jest.Mock;
  let optOut: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    // Partytown's forwarding stubs, as its loader defines them on the page.
    gtag = jest.fn();
    optOut = jest.fn();
    Object.assign(window, { gtag, analyticsOptOut: optOut });
    loadTag("G-SITE1234", "granted");
    document.title = "Our work | Copperline Labs";
  });
  afterEach(() => {
    jest.useRealTimers();
    resetAnalytics();
    delete (window as unknown as { gtag?: jest.Mock }).gtag;
    delete (window as unknown as { analyticsOptOut?: jest.Mock }).analyticsOptOut;
  });

  test("a route change sends a page_view to the worker once the new title is in place", () => {
    trackPageView(location, { pathname: "/", search: "", hash: "" });
    expect(gtag).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(gtag).toHaveBeenCalledWith("event", "page_view", {
      page_path: "/works?a=1",
      page_location: window.location.href,
      page_title: "Our work | Copperline Labs",
    });
    expect(gtag).toHaveBeenCalledTimes(1);
  });

  test("the first render sends nothing (the config event counted it)", () => {
    trackPageView(location, null);
    jest.runAllTimers();
    expect(gtag).not.toHaveBeenCalled();
  });

  test("after the visitor rejects, the worker's tag is switched off and a route change sends nothing", () => {
    updateConsent("denied");
    expect(gtag).toHaveBeenCalledWith("consent", "update", { analytics_storage: "denied" });
    expect(optOut).toHaveBeenCalledWith(true);
    gtag.mockClear();
    trackPageView(location, { pathname: "/", search: "", hash: "" });
    jest.runAllTimers();
    expect(gtag).not.toHaveBeenCalled();
    updateConsent("granted");
    expect(optOut).toHaveBeenLastCalledWith(false);
  });

  test("without a service worker Partytown is not started (it would run the tag on the page, against the policy)", () => {
    delete (navigator as unknown as { serviceWorker?: unknown }).serviceWorker;
    startPartytown();
    expect(document.querySelector('script[src="/~partytown/partytown.js"]')).toBeNull();
    withServiceWorker();
  });

  test("where the browser refuses its service worker, Partytown is not started (it would copy the tag into inline scripts the policy blocks)", async () => {
    withServiceWorker(true);
    startPartytown();
    const register = jest.mocked(navigator.serviceWorker.register);
    await (register.mock.results[0].value as Promise<unknown>).catch(() => undefined);
    await Promise.resolve();
    expect(register).toHaveBeenCalledWith("/~partytown/partytown-sw.js", {
      scope: "/~partytown/",
    });
    expect(document.querySelector('script[src="/~partytown/partytown.js"]')).toBeNull();
    withServiceWorker();
  });

  test("calls made before Partytown's stubs exist wait for its loader, then go in order", async () => {
    delete (window as unknown as { gtag?: jest.Mock }).gtag;
    trackPageView(location, { pathname: "/", search: "", hash: "" });
    jest.runAllTimers();
    startPartytown();
    Object.assign(window, { gtag });
    expect(gtag).not.toHaveBeenCalled();
    // Started once its service worker is registered (the loader then registers the same one).
    await waitFor(() => expect(partytownLoader()).toHaveLength(1));
    document.querySelector('script[src="/~partytown/partytown.js"]')!.dispatchEvent(new Event("load"));
    expect(gtag).toHaveBeenCalledWith(
      "event",
      "page_view",
      expect.objectContaining({ page_path: "/works?a=1" }),
    );
    expect((window as unknown as { partytown: { fallbackTimeout: number } }).partytown.fallbackTimeout).toBe(
      0,
    );
    document.querySelector('script[src="/~partytown/partytown.js"]')!.remove();
  });

  test("without analytics (never loaded) a route change does nothing and throws nothing", () => {
    resetAnalytics();
    expect(() => {
      trackPageView(location, { pathname: "/", search: "", hash: "" });
      jest.runAllTimers();
    }).not.toThrow();
    expect(gtag).not.toHaveBeenCalled();
  });
});
