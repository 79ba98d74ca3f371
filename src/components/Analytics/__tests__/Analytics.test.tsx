import * as React from "react";
import { render } from "@testing-library/react";
import { siteSettings } from "../../../../test/siteSettings";
import { gtagScriptUrl, resolveMeasurementId } from "../../../../shared/analytics";
import { trackPageView } from "../../../lib/analytics";
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

test("with no id nothing is rendered, so nothing is loaded", () => {
  withAnalyticsId("");
  const error = jest.spyOn(console, "error");
  const { container } = render(<Analytics />);
  expect(container.innerHTML).toBe("");
  expect(error).not.toHaveBeenCalled();
  error.mockRestore();
});

test("with an id, gtag.js and the config event are off-main-thread (Partytown) scripts", () => {
  withAnalyticsId("G-SITE1234");
  process.env[ENV] = "G-ENV12345";
  const { container } = render(<Analytics />);
  const scripts = [...container.querySelectorAll("script")];
  expect(scripts).toHaveLength(2);
  for (const s of scripts) {
    expect(s.getAttribute("type")).toBe("text/partytown");
    expect(s.dataset.strategy).toBe("off-main-thread");
  }
  expect(scripts[0].getAttribute("src")).toBe(
    `/__third-party-proxy?url=${encodeURIComponent(gtagScriptUrl("G-ENV12345"))}`,
  );
  expect(scripts[1].textContent).toContain(`gtag('config', "G-ENV12345");`);
  expect(scripts[1].textContent).not.toContain("G-SITE1234");
});

test("a malformed id renders nothing", () => {
  withAnalyticsId("");
  const { container } = render(<Analytics id={`G-1');alert('x`} />);
  expect(container.innerHTML).toBe("");
});

describe("page views on client-side navigation", () => {
  const location = { pathname: "/works", search: "?a=1", hash: "" };
  let gtag: jest.Mock;
  beforeEach(() => {
    jest.useFakeTimers();
    gtag = jest.fn();
    (window as unknown as { gtag: jest.Mock }).gtag = gtag;
    document.title = "Our work | Copperline Labs";
  });
  afterEach(() => {
    jest.useRealTimers();
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

  test("without analytics (no gtag) a route change does nothing and throws nothing", () => {
    delete (window as unknown as { gtag?: jest.Mock }).gtag;
    expect(() => {
      trackPageView(location, { pathname: "/", search: "", hash: "" });
      jest.runAllTimers();
    }).not.toThrow();
  });
});
