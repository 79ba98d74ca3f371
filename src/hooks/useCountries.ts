import { graphql, useStaticQuery } from "gatsby";

export interface CountryPage {
  slug: string;
  country: string;
  countryCode: string;
  locale: string;
}

/** The country landing pages (content/countries): for hreflang alternates and the country suggestion. */
export function useCountries(): readonly CountryPage[] {
  const data = useStaticQuery<Queries.UseCountriesQuery>(graphql`
    query UseCountries {
      allCountry(sort: { slug: ASC }) {
        nodes {
          slug
          country
          countryCode
          locale
        }
      }
    }
  `);
  return data.allCountry.nodes;
}
