/** What the site's static queries return in component tests (useStaticQuery is mocked). */
export const siteSettings = {
  name: "Copperline Labs",
  tagline: "Software and AI development agency",
  description: "A test description of the agency that is long enough to pass the schema in tests.",
  siteUrl: "https://www.copperlinelabs.com",
  phone: "+44 20 7946 0321",
  email: "hello@copperlinelabs.com",
  address: {
    street: "1 Test Street",
    city: "London",
    postalCode: "EC1A 1AA",
    country: "United Kingdom",
    countryCode: "GB",
  },
  socials: {
    linkedin: "https://www.linkedin.com/company/test",
    instagram: "https://www.instagram.com/test",
    community: { name: "GitHub", url: "https://github.com/test" },
  },
  analyticsId: "",
  countryLookupUrl: "https://api.country.is/",
};

export const services = [
  { slug: "generative-ai-development", title: "Generative AI Development" },
  { slug: "nlp-solutions", title: "NLP Solutions" },
  { slug: "ui-design", title: "UI Design" },
];

export const staticQueryData = { siteSettings, allService: { nodes: services } };
