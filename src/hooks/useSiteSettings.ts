import { useSiteData } from "./useSiteData";

/** Company facts from content/site.yaml. Components read them here, never hard-coded. */
export function useSiteSettings(): Queries.SiteDataQuery["siteSettings"] & object {
  const data = useSiteData();
  if (!data.siteSettings) throw new Error("content/site.yaml was not loaded");
  return data.siteSettings;
}

export type SiteSettings = ReturnType<typeof useSiteSettings>;
