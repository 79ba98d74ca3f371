/**
 * Real visitors' Core Web Vitals (LCP, CLS, INP) with attribution, sent as analytics events
 * through the tag in the worker (src/lib/analytics.ts `sendEvent`), so only for a visitor who is
 * measured: nothing is observed or sent before consent, and nothing after a rejection.
 *
 * The `web-vitals` library's attribution build says what was responsible: the LCP element and
 * where its time went, the element that shifted most, the interaction behind INP and its three
 * parts. Loaded with the tag, after the page has hydrated (src/components/Analytics/Analytics.Tag):
 * its observers read the entries buffered since the page started (`buffered: true`), so starting
 * late loses no LCP or layout shift; interactions of 104 ms or more are buffered too, faster ones
 * before it starts are not seen (they would not be the page's INP unless every interaction was
 * fast). Events follow Google's guide "Measure and debug performance with Google Analytics 4":
 * the metric's name, its delta as `value` (CLS x 1000, GA wants integers), its id, value, delta
 * and rating, and `debug_target` (the element); plus the parts of the attribution this site's
 * pages can act on (docs/performance.md, "Field metrics").
 */
import type {
  CLSMetricWithAttribution,
  INPMetricWithAttribution,
  LCPMetricWithAttribution,
} from "web-vitals";
import { onCLS, onINP, onLCP } from "web-vitals/attribution";

export type FieldMetric = LCPMetricWithAttribution | CLSMetricWithAttribution | INPMetricWithAttribution;
export type SendEvent = (name: string, params: Record<string, unknown>) => void;

const round = (n: number | undefined): number | undefined => (n === undefined ? undefined : Math.round(n));

/** The event parameters for one metric report (exported for the unit tests). */
export function metricEvent(metric: FieldMetric): Record<string, unknown> {
  const common = {
    value: Math.round(metric.name === "CLS" ? metric.delta * 1000 : metric.delta),
    metric_id: metric.id,
    metric_value: metric.value,
    metric_delta: metric.delta,
    metric_rating: metric.rating,
  };
  const drop = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ""));
  switch (metric.name) {
    case "LCP": {
      const a = metric.attribution;
      return drop({
        ...common,
        debug_target: a.target,
        lcp_url: a.url,
        lcp_ttfb: round(a.timeToFirstByte),
        lcp_resource_load_delay: round(a.resourceLoadDelay),
        lcp_resource_load_duration: round(a.resourceLoadDuration),
        lcp_element_render_delay: round(a.elementRenderDelay),
      });
    }
    case "CLS": {
      const a = metric.attribution;
      return drop({
        ...common,
        debug_target: a.largestShiftTarget,
        cls_largest_shift_value: a.largestShiftValue,
        cls_load_state: a.loadState,
      });
    }
    case "INP": {
      const a = metric.attribution;
      return drop({
        ...common,
        debug_target: a.interactionTarget,
        inp_interaction_type: a.interactionType,
        inp_input_delay: round(a.inputDelay),
        inp_processing_duration: round(a.processingDuration),
        inp_presentation_delay: round(a.presentationDelay),
        inp_load_state: a.loadState,
      });
    }
  }
}

let started = false;

/**
 * Starts observing, once per page load; each report (the final values, when the page is hidden,
 * and LCP at the first input) becomes one event through `send`.
 */
export function reportFieldMetrics(send: SendEvent): void {
  if (started) return;
  started = true;
  const report = (metric: FieldMetric) => send(metric.name, metricEvent(metric));
  onLCP(report);
  onCLS(report);
  onINP(report);
}
