import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
} from "web-vitals";
import { onCLS, onINP, onLCP } from "web-vitals/attribution";
import { metricEvent, reportFieldMetrics, type FieldMetric } from "../fieldMetrics";

jest.mock("web-vitals/attribution", () => ({ onLCP: jest.fn(), onCLS: jest.fn(), onINP: jest.fn() }));

const base = {
  id: "v5-1",
  rating: "good" as const,
  entries: [],
  navigationType: "navigate" as const,
  navigationId: 1,
};

const lcp = {
  ...base,
  name: "LCP",
  value: 1834.6,
  delta: 1834.6,
  attribution: {
    target: "main>section>h1",
    url: "https://copperlinelabs.com/static/hero.webp",
    timeToFirstByte: 120.2,
    resourceLoadDelay: 300.4,
    resourceLoadDuration: 900.5,
    elementRenderDelay: 513.5,
  },
} as LCPMetricWithAttribution;

const cls = {
  ...base,
  name: "CLS",
  value: 0.0123,
  delta: 0.0123,
  rating: "good",
  attribution: { largestShiftTarget: "footer>div", largestShiftValue: 0.01, loadState: "complete" },
} as CLSMetricWithAttribution;

const inp = {
  ...base,
  name: "INP",
  value: 232,
  delta: 232,
  rating: "needs-improvement",
  attribution: {
    interactionTarget: "button#mega-services-trigger",
    interactionType: "pointer",
    inputDelay: 12.4,
    processingDuration: 180.2,
    presentationDelay: 39.4,
    loadState: "complete",
    processedEventEntries: [],
    longAnimationFrameEntries: [],
  },
} as unknown as INPMetricWithAttribution;

test("LCP: its value in ms, the element and where its time went", () => {
  expect(metricEvent(lcp)).toEqual({
    value: 1835,
    metric_id: "v5-1",
    metric_value: 1834.6,
    metric_delta: 1834.6,
    metric_rating: "good",
    debug_target: "main>section>h1",
    lcp_url: "https://copperlinelabs.com/static/hero.webp",
    lcp_ttfb: 120,
    lcp_resource_load_delay: 300,
    lcp_resource_load_duration: 901,
    lcp_element_render_delay: 514,
  });
});

test("CLS: x1000 as an integer value, with the element that shifted most", () => {
  expect(metricEvent(cls)).toMatchObject({
    value: 12,
    metric_value: 0.0123,
    debug_target: "footer>div",
    cls_largest_shift_value: 0.01,
    cls_load_state: "complete",
  });
});

test("INP: the interaction's target and type, and its three parts", () => {
  expect(metricEvent(inp)).toMatchObject({
    value: 232,
    metric_rating: "needs-improvement",
    debug_target: "button#mega-services-trigger",
    inp_interaction_type: "pointer",
    inp_input_delay: 12,
    inp_processing_duration: 180,
    inp_presentation_delay: 39,
    inp_load_state: "complete",
  });
});

test("attribution the browser could not give (no element) is left out, not sent empty", () => {
  const bare = { ...cls, attribution: {} } as FieldMetric;
  expect(Object.keys(metricEvent(bare))).toEqual([
    "value",
    "metric_id",
    "metric_value",
    "metric_delta",
    "metric_rating",
  ]);
});

test("observes the three metrics once per page load, each report one event through the given channel", () => {
  const send = jest.fn();
  reportFieldMetrics(send);
  reportFieldMetrics(send);
  expect(onLCP).toHaveBeenCalledTimes(1);
  expect(onCLS).toHaveBeenCalledTimes(1);
  expect(onINP).toHaveBeenCalledTimes(1);
  jest.mocked(onINP).mock.calls[0][0](inp as never);
  expect(send).toHaveBeenCalledWith(
    "INP",
    expect.objectContaining({ debug_target: "button#mega-services-trigger" }),
  );
});
