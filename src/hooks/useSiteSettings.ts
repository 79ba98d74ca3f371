import { graphql, useStaticQuery } from "gatsby";

/** Company facts from content/site.yaml. Components read them here, never hard-coded. */
export function useSiteSettings(): Queries.UseSiteSettingsQuery["siteSettings"] & object {
  const data = useStaticQuery<Queries.UseSiteSettingsQuery>(graphql`
    query UseSiteSettings {
      siteSettings {
        name
        tagline
        description
        siteUrl
        phone
        email
        address {
          street
          city
          postalCode
          country
          countryCode
        }
        socials {
          linkedin
          instagram
          community {
            name
            url
          }
        }
        analyticsId
        countryLookupUrl
        consentRegions
        consentBanner {
          heading
          text
          privacyLink
          accept
          reject
          settings
        }
      }
    }
  `);
  if (!data.siteSettings) throw new Error("content/site.yaml was not loaded");
  return data.siteSettings;
}

export type SiteSettings = ReturnType<typeof useSiteSettings>;
