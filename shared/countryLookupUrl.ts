/**
 * The country-lookup service's address, read by the build (gatsby-config checks it) and by the
 * browser (the lookup itself), so both resolve it the same way.
 */

/**
 * GATSBY_COUNTRY_LOOKUP_URL when set (the benchmark points it at a local stub), else
 * content/site.yaml's countryLookupUrl.
 */
export function resolveCountryLookupUrl(fromEnv: string | undefined, fromContent: string): string {
  const env = fromEnv?.trim();
  return env ? env : fromContent;
}
