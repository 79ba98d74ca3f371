/** Typed fixtures for the static queries components read (the hooks are what tests mock). */
export const siteSettings = {
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
};

export const countries = [
  { slug: "ae", country: "United Arab Emirates", countryCode: "AE", locale: "en-AE" },
  { slug: "en-us", country: "United States", countryCode: "US", locale: "en-US" },
  { slug: "uk", country: "United Kingdom", countryCode: "GB", locale: "en-GB" },
];

/** What useStaticQuery returns for every query the SEO and layout hooks run. */
export const staticQueryData = (overrides: { analyticsId?: string } = {}) => ({
  siteSettings: { ...siteSettings, ...overrides },
  allCountry: { nodes: countries },
});
