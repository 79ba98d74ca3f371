import * as React from "react";
import { render } from "@testing-library/react";
import { siteSettings } from "../../../../test/siteSettings";
import { gtagScriptUrl, resolveMeasurementId } from "../../../../shared/analytics";
import { loadTag, resetAnalytics, trackPageView, updateConsent } from "../../../lib/analytics";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { Analytics } from "../Analytics";

jest.mock("../../../hooks/useSiteSettings");
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

describe("the tag", () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    resetAnalytics();
    gtagScripts().forEach((s) => s.remove());
    delete (window as AnalyticsWindow).dataLayer;
    delete (window as AnalyticsWindow).gtag;
  });

  test("with no id nothing is rendered and nothing is loaded", () => {
    withAnalyticsId("");
    const error = jest.spyOn(console, "error");
    const { container } = render(<Analytics />);
    jest.runAllTimers();
    expect(container.innerHTML).toBe("");
    expect(gtagScripts()).toHaveLength(0);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  test("with an id, gtag.js loads on the main thread at idle time, after consent default", () => {
    withAnalyticsId("G-SITE1234");
    process.env[ENV] = "G-ENV12345";
    const { container } = render(<Analytics />);
    expect(container.innerHTML).toBe("");
    expect(gtagScripts()).toHaveLength(0);
    jest.runAllTimers();
    expect(gtagScripts().map((s) => s.src)).toEqual([gtagScriptUrl("G-ENV12345")]);
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

  test("a malformed id loads nothing", () => {
    withAnalyticsId("");
    const { container } = render(<Analytics id={`G-1');alert('x`} />);
    jest.runAllTimers();
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
