import * as React from "react";
import { Script } from "gatsby";
import { gtagScriptUrl } from "../../../shared/analytics";
import { startPartytown, tagSetupScript, type TagPlan } from "../../lib/analytics";

/**
 * The tag, for a visitor who may be measured: its own chunk (with Gatsby's Script), loaded by
 * src/components/Analytics only then. Two off-main-thread
 * Scripts, in the order the worker runs them: the setup (Consent Mode defaults, configuration)
 * and gtag.js, which Gatsby's Script fetches through the site's third-party proxy
 * (`/__third-party-proxy?url=`, gatsby-config `partytownProxiedURLs`). Once they are in the
 * document, Partytown starts and runs them in its worker.
 */
export default function Tag({ plan }: { plan: TagPlan }) {
  React.useEffect(() => {
    startPartytown();
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
