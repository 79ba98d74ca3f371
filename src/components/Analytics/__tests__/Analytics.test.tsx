import * as React from "react";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../styles/theme";
import { readConsent, saveConsent, setBannerOpen } from "../../../lib/consent";
import { lookupCountryOnce } from "../../../lib/countryLookup";
import { siteSettings } from "../../../../test/siteSettings";
import { gtagScriptUrl, resolveMeasurementId } from "../../../../shared/analytics";
import { loadTag, resetAnalytics, trackPageView, updateConsent } from "../../../lib/analytics";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { Analytics } from "../Analytics";

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

const gtagScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>("script")].filter((s) =>
    s.src.startsWith("https://www.googletagmanager.com/"),
  );
type AnalyticsWindow = Window & { dataLayer?: ArrayLike<unknown>[]; gtag?: unknown };

describe("the tag and the banner", () => {
  afterEach(() => {
    jest.useRealTimers();
    resetAnalytics();
    setBannerOpen(false);
    window.localStorage.clear();
    gtagScripts().forEach((s) => s.remove());
    delete (window as AnalyticsWindow).dataLayer;
    delete (window as AnalyticsWindow).gtag;
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
    expect(gtagScripts()).toHaveLength(0);
  });

  test("outside the regions, gtag.js loads on the main thread at idle time, after consent default", async () => {
    withAnalyticsId("G-SITE1234");
    process.env[ENV] = "G-ENV12345";
    from("US");
    const { container } = renderIt(<Analytics />);
    expect(gtagScripts()).toHaveLength(0);
    await waitFor(() => expect(gtagScripts().map((s) => s.src)).toEqual([gtagScriptUrl("G-ENV12345")]));
    expect(container.innerHTML).toBe("");
    const commands = Array.from((window as AnalyticsWindow).dataLayer ?? [], (a) => Array.from(a));
    expect(commands[0]).toEqual([
      "consent",
      "default",
      {
        analytics_storage: "granted",
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
      },
    ]);
    expect(commands[1][0]).toBe("js");
    expect(commands[2]).toEqual(["config", "G-ENV12345"]);
  });

  test.each([["DE"], [null]])(
    "from %s: the banner, nothing loaded; Accept loads the tag with the update",
    async (country) => {
      withAnalyticsId("G-SITE1234");
      from(country);
      renderIt(<Analytics />);
      const accept = await screen.findByRole("button", { name: siteSettings.consentBanner.accept });
      expect(gtagScripts()).toHaveLength(0);
      await userEvent.click(accept);
      expect(screen.queryByRole("region", { name: siteSettings.consentBanner.heading })).toBeNull();
      expect(gtagScripts()).toHaveLength(1);
      const commands = Array.from((window as AnalyticsWindow).dataLayer ?? [], (a) => Array.from(a));
      expect(commands[0][2]).toMatchObject({ analytics_storage: "denied" });
      expect(commands[1]).toEqual(["consent", "update", { analytics_storage: "granted" }]);
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
    expect(gtagScripts()).toHaveLength(0);
  });

  test("a malformed id loads nothing", async () => {
    jest.useFakeTimers();
    withAnalyticsId("");
    from("US");
    const { container } = renderIt(<Analytics id={`G-1');alert('x`} />);
    await settle();
    expect(container.innerHTML).toBe("");
    expect(gtagScripts()).toHaveLength(0);
  });
});

describe("page views on client-side navigation", () => {
  const location = { pathname: "/works", search: "?a=1", hash: "" };
  let gtag: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    gtag = jest.fn();
    (window as unknown as { gtag: jest.Mock }).gtag = gtag;
    loadTag("G-SITE1234", "granted");
    gtag.mockClear();
    document.title = "Our work | Copperline Labs";
  });
  afterEach(() => {
    jest.useRealTimers();
    resetAnalytics();
    gtagScripts().forEach((s) => s.remove());
    delete (window as unknown as { gtag?: jest.Mock }).gtag;
  });

  test("a route change sends a page_view once the new title is in place", () => {
    trackPageView(location, { pathname: "/", search: "", hash: "" });
    expect(gtag).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(gtag).toHaveBeenCalledWith("event", "page_view", {
      page_path: "/works?a=1",
      page_location: window.location.href,
      page_title: "Our work | Copperline Labs",
    });
  });

  test("the first render sends nothing (the config event counted it)", () => {
    trackPageView(location, null);
    jest.runAllTimers();
    expect(gtag).not.toHaveBeenCalled();
  });

  test("after the visitor rejects, a route change sends nothing and the tag is switched off", () => {
    updateConsent("denied");
    expect(gtag).toHaveBeenCalledWith("consent", "update", { analytics_storage: "denied" });
    expect((window as unknown as Record<string, unknown>)["ga-disable-G-SITE1234"]).toBe(true);
    gtag.mockClear();
    trackPageView(location, { pathname: "/", search: "", hash: "" });
    jest.runAllTimers();
    expect(gtag).not.toHaveBeenCalled();
  });

  test("without analytics (no gtag) a route change does nothing and throws nothing", () => {
    delete (window as unknown as { gtag?: jest.Mock }).gtag;
    expect(() => {
      trackPageView(location, { pathname: "/", search: "", hash: "" });
      jest.runAllTimers();
    }).not.toThrow();
  });
});
