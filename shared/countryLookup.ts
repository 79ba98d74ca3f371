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

/** Why a lookup address cannot be used, or null when it can (http: only for this machine). */
export function countryLookupUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not an address";
  }
  const local = parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost";
  if (parsed.protocol === "https:" || (parsed.protocol === "http:" && local)) return null;
  return "must be an https:// address (http:// only on localhost or 127.0.0.1)";
}
