import * as React from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { MEASUREMENT_ID_PATTERN, resolveMeasurementId } from "../../../shared/analyticsIds";
import {
  envMeasurementId,
  loadTag,
  tagLoaded,
  updateConsent,
  type ConsentValue,
  type TagPlan,
} from "../../lib/analytics";
import {
  isBannerOpen,
  needsConsent,
  planAnalytics,
  readConsent,
  saveConsent,
  setBannerOpen,
  subscribeBanner,
} from "../../lib/consent";
import { lookupCountryOnce, savedCountry } from "../../lib/countryLookup";
import { whenIdle } from "../../lib/whenIdle";
import type { ConsentBannerProps } from "../ConsentBanner";

/**
 * How long the decision may wait for an idle moment. The tag starts at idle time, after
 * hydration, so Partytown's set-up adds nothing to the page's blocking time at load; the cap
 * keeps the page view of a visitor who leaves after a few seconds. A `pagehide` listener would
 * not help: a script fetched while the page is going away never runs.
 */
export const TAG_IDLE_TIMEOUT_MS = 2000;

/**
 * How long a first visit waits for the country lookup before deciding. Until it answers the
 * visitor counts as one to ask (nothing loads); after this the banner is shown.
 */
export const LOOKUP_WAIT_MS = 3000;

const within = <T,>(promise: Promise<T>, ms: number): Promise<T | null> =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

type Banner = React.ComponentType<ConsentBannerProps>;

/** The tag's scripts and Partytown's start: a chunk of its own, fetched only for a measured visitor. */
const Tag = React.lazy(() => import(/* webpackChunkName: "analytics-tag" */ "./Analytics.Tag"));

/**
 * The analytics tag (gtag.js, in Partytown's worker) and the consent banner. Rendered from
 * PageShell on every page, inside the bottom area. Nothing is rendered on the server; with no
 * valid measurement id nothing loads and nobody is asked (the footer's Cookie settings still
 * opens the banner). The banner's code is fetched only when it is shown, the tag's only when
 * the visitor may be measured.
 */
export function Analytics({ id }: { id?: string }) {
  const site = useSiteSettings();
  const measurementId = id ?? resolveMeasurementId(envMeasurementId(), site.analyticsId);
  const valid = MEASUREMENT_ID_PATTERN.test(measurementId);
  const { consentRegions: regions, countryLookupUrl } = site;
  const open = React.useSyncExternalStore(subscribeBanner, isBannerOpen, () => false);
  const [Banner, setBanner] = React.useState<Banner | null>(null);
  const [tag, setTag] = React.useState<TagPlan | null>(null);

  React.useEffect(() => {
    if (!valid) return;
    let active = true;
    const cancel = whenIdle(async () => {
      // A returning visitor's choice needs no lookup; a first visit waits for it (bounded).
      const country = readConsent()
        ? savedCountry()
        : await within(lookupCountryOnce(countryLookupUrl), LOOKUP_WAIT_MS);
      if (!active) return;
      // Read again: the visitor may have chosen (Cookie settings) while the lookup ran.
      const plan = planAnalytics(readConsent(), country, regions);
      if (plan.load) setTag(loadTag(measurementId, plan.storage, plan.granted) ?? null);
      else if (plan.ask) setBannerOpen(true);
    }, TAG_IDLE_TIMEOUT_MS);
    return () => {
      active = false;
      cancel();
    };
  }, [valid, measurementId, regions, countryLookupUrl]);

  React.useEffect(() => {
    if (!open || Banner) return;
    import(/* webpackChunkName: "consent-banner" */ "../ConsentBanner").then(
      (m) => setBanner(() => m.ConsentBanner),
      (error) => console.error("The consent banner could not be loaded", error),
    );
  }, [open, Banner]);

  const choose = (choice: ConsentValue) => {
    saveConsent(choice);
    setBannerOpen(false);
    if (!valid) return;
    if (tagLoaded()) updateConsent(choice);
    else if (choice === "granted") {
      setTag(
        loadTag(measurementId, needsConsent(savedCountry(), regions) ? "denied" : "granted", true) ?? null,
      );
    }
  };

  return (
    <>
      {open && Banner ? <Banner copy={site.consentBanner} onChoose={choose} /> : null}
      {tag && (
        // A chunk that cannot load (offline, a deploy in between) costs the page view, not the page.
        <ErrorBoundary fallback={null}>
          <React.Suspense fallback={null}>
            <Tag plan={tag} />
          </React.Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
