import * as React from "react";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { MEASUREMENT_ID_PATTERN, resolveMeasurementId } from "../../../shared/analytics";
import { envMeasurementId, loadTag } from "../../lib/analytics";
import { whenIdle } from "../../lib/whenIdle";

/**
 * How long the tag may wait for an idle moment. The tag loads at idle time, after hydration, so
 * its parsing adds nothing to the page's blocking time at load; the cap keeps the page view of a
 * visitor who leaves after a few seconds. A `pagehide` listener would not help: a script fetched
 * while the page is going away never runs, so its page view would never be sent.
 */
export const TAG_IDLE_TIMEOUT_MS = 2000;

/**
 * The analytics tag (gtag.js), on the main thread. Rendered from PageShell on every page; renders
 * nothing itself and, with no valid measurement id, loads nothing.
 */
export function Analytics({ id }: { id?: string }) {
  const site = useSiteSettings();
  const measurementId = id ?? resolveMeasurementId(envMeasurementId(), site.analyticsId);
  const valid = MEASUREMENT_ID_PATTERN.test(measurementId);
  React.useEffect(() => {
    if (!valid) return;
    return whenIdle(() => loadTag(measurementId, "granted"), TAG_IDLE_TIMEOUT_MS);
  }, [measurementId, valid]);
  return null;
}
