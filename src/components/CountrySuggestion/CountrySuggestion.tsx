import * as React from "react";
import { Link } from "gatsby";
import { normalizePath, pathFor } from "../../../shared/routes";
import { useCountries, type CountryPage } from "../../hooks/useCountries";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { isBannerOpen, subscribeBanner } from "../../lib/consent";
import { lookupCountryOnce } from "../../lib/countryLookup";
import { whenIdle } from "../../lib/whenIdle";
import { Bar, Dismiss } from "./CountrySuggestion.styles";

/** localStorage key holding the country code whose suggestion the visitor dismissed. */
export const DISMISSED_STORAGE_KEY = "countrySuggestionDismissed";

/** The country page for a two-letter code, if the site has one. */
export const countryPageFor = (
  code: string | null,
  countries: readonly CountryPage[],
): CountryPage | undefined => (code ? countries.find((c) => c.countryCode === code) : undefined);

const readDismissed = (): string | null => {
  try {
    return window.localStorage.getItem(DISMISSED_STORAGE_KEY);
  } catch {
    return null;
  }
};

/**
 * Runs the page load's country lookup and, when the saved country has a country page the visitor
 * is not on, offers a link to it. Nothing is rendered on the server or before the lookup answers,
 * and the bar sits in the fixed bottom area, so it never moves the page. While the consent banner
 * is open it waits, so the two never pile up over the page on a phone. It never redirects:
 * crawlers and visitors see the same pages.
 */
export function CountrySuggestion({ pathname }: { pathname: string }) {
  const { countryLookupUrl } = useSiteSettings();
  const countries = useCountries();
  const [code, setCode] = React.useState<string | null>(null);
  const [dismissed, setDismissed] = React.useState<string | null>(null);
  const consentAsked = React.useSyncExternalStore(subscribeBanner, isBannerOpen, () => false);

  React.useEffect(() => {
    let active = true;
    // localStorage's first read and the lookup's fetch wait for an idle moment: in the effects
    // of hydration they would make one of the page load's longest tasks longer (ADR 0006).
    const cancel = whenIdle(() => {
      setDismissed(readDismissed());
      lookupCountryOnce(countryLookupUrl).then((found) => {
        if (active) setCode(found);
      });
    });
    return () => {
      active = false;
      cancel();
    };
  }, [countryLookupUrl]);

  const page = countryPageFor(code, countries);
  if (!page || dismissed === code || consentAsked) return null;
  const path = pathFor("country", page.slug);
  if (normalizePath(pathname) === path) return null;

  const dismiss = () => {
    setDismissed(code);
    try {
      window.localStorage.setItem(DISMISSED_STORAGE_KEY, code!);
    } catch {
      // Storage blocked: the bar still closes for this page load.
    }
  };

  return (
    <Bar aria-label="Country site suggestion">
      <p>
        <Link to={path}>View our {page.country} site</Link>
      </p>
      <Dismiss type="button" onClick={dismiss}>
        Dismiss
      </Dismiss>
    </Bar>
  );
}
