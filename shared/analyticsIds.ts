/**
 * Google Analytics 4 ids, read by the build (gatsby-config: the proxied script URL) and by the
 * browser (the <Analytics /> component), so an id is resolved and checked the same way in both.
 */

export const MEASUREMENT_ID_PATTERN = /^G-[A-Z0-9]{4,20}$/;

/**
 * The measurement id in force: GATSBY_GA_MEASUREMENT_ID when set (production and the browser
 * tests set it), else content/site.yaml's analyticsId; "" means analytics is off.
 */
export function resolveMeasurementId(
  fromEnv: string | undefined,
  fromContent: string | null | undefined,
): string {
  const env = fromEnv?.trim();
  return env ? env : (fromContent ?? "").trim();
}

/** Where gtag.js comes from: the script's URL below, and the CSP's script-src (gatsby/lib/headers.ts). */
export const GTAG_ORIGIN = "https://www.googletagmanager.com";

export const gtagScriptUrl = (id: string): string => `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`;

/**
 * Gatsby's proxy for Partytown's third-party scripts: the worker fetches gtag.js from the site's
 * own address, which the host rewrites to the URL (gatsby-config `partytownProxiedURLs`, written
 * into Netlify's Frameworks API config by gatsby/lib/hostRules.ts; `npm start` matches the same
 * rule). Gatsby's Script writes it into the tag's script address; declared here once for the
 * tests and robots.txt.
 */
export const THIRD_PARTY_PROXY_PATH = "/__third-party-proxy";
