import { useSiteData } from "./useSiteData";

export interface CountryPage {
  slug: string;
  country: string;
  countryCode: string;
  locale: string;
}

/** The country landing pages (content/countries): for hreflang alternates and the country suggestion. */
export function useCountries(): readonly CountryPage[] {
  const data = useSiteData();
  return data.allCountry.nodes;
}
