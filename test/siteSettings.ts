import type { CountryPage } from "../src/hooks/useCountries";
import type { SiteSettings } from "../src/hooks/useSiteSettings";

/**
 * Typed fixtures for what the data hooks return. Component tests mock the hooks with them:
 * `jest.mock("…/hooks/useSiteSettings")`, then `jest.mocked(useSiteSettings).mockReturnValue(siteSettings)`.
 */
export const siteSettings: SiteSettings = {
  name: "Copperline Labs",
  tagline: "Software and AI development agency",
  description: "Copperline Labs designs and builds AI products, web platforms and mobile apps for companies.",
  siteUrl: "https://www.example.com",
  phone: "+44 20 7946 0321",
  email: "hello@example.com",
  address: {
    street: "41 Tabernacle Street",
    city: "London",
    postalCode: "EC2A 4AA",
    country: "United Kingdom",
    countryCode: "GB",
  },
  socials: {
    linkedin: "https://www.linkedin.com/company/example",
    instagram: "https://www.instagram.com/example",
    community: { name: "GitHub", url: "https://github.com/example" },
  },
  analyticsId: "",
  countryLookupUrl: "https://lookup.example/",
  consentRegions: ["DE", "FR", "GB"],
  consentBanner: {
    heading: "Analytics cookies",
    text: "With your permission we count page views to learn which pages help visitors.",
    privacyLink: "How we use analytics",
    accept: "Accept analytics",
    reject: "Reject",
    settings: "Cookie settings",
  },
};

export const countries: readonly CountryPage[] = [
  { slug: "ae", country: "United Arab Emirates", countryCode: "AE", locale: "en-AE" },
  { slug: "en-us", country: "United States", countryCode: "US", locale: "en-US" },
  { slug: "uk", country: "United Kingdom", countryCode: "GB", locale: "en-GB" },
];
