import type { OutsideLog } from "./outside";

/**
 * The commands the tag ran in Partytown's worker, in order, read from what left the browser: the
 * stand-in gtag.js (e2e/lib/outside.ts) sends one collect request per dataLayer command. The
 * page's own window has no dataLayer any more; this is the tag's view.
 */
export function commandsSent(outside: OutsideLog): unknown[][] {
  return outside.collects.map((url) => {
    const en = url.searchParams.get("en");
    const params: Record<string, string> = {};
    for (const [key, value] of url.searchParams) if (key.startsWith("ep.")) params[key.slice(3)] = value;
    if (en === "consent") {
      const { action, ...fields } = params;
      return ["consent", action, fields];
    }
    if (en === "config") return ["config", url.searchParams.get("tid")];
    return ["event", en, params];
  });
}

/** The analytics events of one name the tag sent (page_view, LCP, ...). */
export const eventsSent = (outside: OutsideLog, name: string): URL[] =>
  outside.collects.filter((u) => u.searchParams.get("en") === name);

/**
 * Consent Mode v2's default as the site must send it, before anything else: analytics storage as
 * the visitor's region allows, advertising always denied (the site runs no ads). The stand-in
 * reports values as strings.
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
