/**
 * The response headers that are the same on every path of the site, and the policy of the
 * function's JSON answers: the build writes them into the host's configuration
 * (gatsby/lib/headers.ts) and the function sends them itself (src/api/consultation.ts), since a
 * host's header rules reach static files only.
 */

/**
 * Browser features the site does not use, turned off for it and anything it embeds. (The page
 * reads no sensor, camera, location or payment, and shows no full-screen video.)
 */
export const PERMISSIONS_POLICY = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
  "browsing-topics",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

/**
 * Header names are lower case, as Gatsby writes its defaults (x-content-type-options, ...): Gatsby
 * merges a rule's header into its default only when the key is spelled the same.
 */
export const COMMON_HEADERS: readonly { key: string; value: string }[] = [
  // Two years, the preload list's minimum; not includeSubDomains, so a subdomain served over plain
  // HTTP elsewhere (a mail or landing host) keeps working.
  { key: "strict-transport-security", value: "max-age=63072000" },
  { key: "x-content-type-options", value: "nosniff" },
  // The older twin of frame-ancestors 'none', as Gatsby's adapter defaults send it everywhere.
  { key: "x-frame-options", value: "DENY" },
  { key: "referrer-policy", value: "strict-origin-when-cross-origin" },
  { key: "permissions-policy", value: PERMISSIONS_POLICY },
  // A window this site opens, or that opens it, shares no browsing context group with it.
  { key: "cross-origin-opener-policy", value: "same-origin" },
  // Other sites may not embed the site's responses; the images they may show (social cards,
  // the feeds' pictures) are allowed by their own rule (gatsby/lib/headers.ts).
  { key: "cross-origin-resource-policy", value: "same-origin" },
];

/** The function answers JSON: it may load nothing, and nothing may frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The function's headers as one record: the common ones and its policy. The function sends them
 * (src/api/consultation.ts), and `npm start` on the answers it makes in the function's place (a
 * body refused before it is read, a function that crashed) and on Node's own (a request it cannot
 * parse): scripts/siteServer/.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(COMMON_HEADERS.map(({ key, value }) => [key, value])),
  "content-security-policy": API_POLICY,
};
