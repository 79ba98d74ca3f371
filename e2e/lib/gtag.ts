import type { Page } from "playwright-core";

/** The dataLayer's commands as plain arrays (gtag pushes Arguments objects). */
export const dataLayer = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((a) =>
      JSON.parse(JSON.stringify(Array.from(a))),
    ),
  );

/**
 * Consent Mode v2's default as the site must send it, before anything else: analytics storage as
 * the visitor's region allows, advertising always denied (the site runs no ads).
 */
export const consentDefault = (analyticsStorage: "granted" | "denied") => [
  "consent",
  "default",
  {
    analytics_storage: analyticsStorage,
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
  },
];
