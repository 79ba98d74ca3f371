import * as React from "react";
import { Script } from "gatsby";
import { gtagScriptUrl } from "../../../shared/analyticsIds";
import { sendEvent, startPartytown, tagSetupScript, type TagPlan } from "../../lib/analytics";
import { reportFieldMetrics } from "../../lib/fieldMetrics";

/**
 * The tag, for a visitor who may be measured: its own chunk (with Gatsby's Script and the
 * web-vitals library), loaded by src/components/Analytics only then. Two off-main-thread
 * Scripts, in the order the worker runs them: the setup (Consent Mode defaults, configuration)
 * and gtag.js, which Gatsby's Script fetches through the site's third-party proxy
 * (`/__third-party-proxy?url=`, gatsby-config `partytownProxiedURLs`). Once they are in the
 * document, Partytown starts and runs them in its worker; the field metrics start observing.
 */
export default function Tag({ plan }: { plan: TagPlan }) {
  React.useEffect(() => {
    startPartytown();
    reportFieldMetrics((name, params) => sendEvent(name, params));
  }, []);
  return (
    <>
      <Script
        id="gtag-setup"
        strategy="off-main-thread"
        dangerouslySetInnerHTML={{ __html: tagSetupScript(plan) }}
      />
      <Script id="gtag-js" strategy="off-main-thread" src={gtagScriptUrl(plan.id)} />
    </>
  );
}
