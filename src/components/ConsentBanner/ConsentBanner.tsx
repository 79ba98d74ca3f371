import * as React from "react";
import { Link } from "gatsby";
import { pagePath } from "../../../shared/routes";
import type { SiteSettings } from "../../hooks/useSiteSettings";
import type { ConsentValue } from "../../lib/analytics";
import { Choice, Choices, Region } from "./ConsentBanner.styles";

/** The privacy page's section on analytics (content/pages/privacy.yaml, id `analytics`). */
export const PRIVACY_ANALYTICS_PATH = `${pagePath("privacy")}#analytics`;

export interface ConsentBannerProps {
  copy: SiteSettings["consentBanner"];
  onChoose: (choice: ConsentValue) => void;
}

/**
 * The analytics consent banner: a named region (not a dialog: the page stays usable and focus
 * stays where it is) in the bottom area, whose polite live region announces it. Its own chunk,
 * loaded by src/components/Analytics only when it is shown. Copy: content/site.yaml consentBanner.
 */
export function ConsentBanner({ copy, onChoose }: ConsentBannerProps) {
  const headingId = "consent-banner-heading";
  return (
    <Region aria-labelledby={headingId} data-consent-banner="">
      <h2 id={headingId}>{copy.heading}</h2>
      <p>
        {copy.text} <Link to={PRIVACY_ANALYTICS_PATH}>{copy.privacyLink}</Link>
      </p>
      <Choices>
        <Choice type="button" onClick={() => onChoose("granted")}>
          {copy.accept}
        </Choice>
        <Choice type="button" onClick={() => onChoose("denied")}>
          {copy.reject}
        </Choice>
      </Choices>
    </Region>
  );
}
