import * as React from "react";
import { Script } from "gatsby";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { gtagScriptUrl, MEASUREMENT_ID_PATTERN, resolveMeasurementId } from "../../../shared/analytics";
import { envMeasurementId, gtagConfigSnippet } from "../../lib/analytics";

/**
 * The analytics tag, off the main thread (Partytown). Rendered from PageShell on every page,
 * so every server render holds an off-main-thread Script and Gatsby adds the Partytown snippet.
 * With no measurement id it renders nothing: no script, no request.
 */
export function Analytics({ id }: { id?: string }) {
  const site = useSiteSettings();
  const measurementId = id ?? resolveMeasurementId(envMeasurementId(), site.analyticsId);
  if (!MEASUREMENT_ID_PATTERN.test(measurementId)) return null;
  return (
    <>
      <Script id="gtag-js" src={gtagScriptUrl(measurementId)} strategy="off-main-thread" forward={["gtag"]} />
      <Script id="gtag-config" strategy="off-main-thread" forward={["gtag"]}>
        {gtagConfigSnippet(measurementId)}
      </Script>
    </>
  );
}
