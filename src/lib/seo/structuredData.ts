/**
 * schema.org JSON-LD for the Head API, as plain data builders plus one safe serializer. Every
 * page carries the Organization and WebSite nodes; pages add theirs (BreadcrumbList, Service,
 * Article) to the same @graph and point at the Organization by @id instead of repeating it.
 */
import { absoluteUrl } from "../../../shared/hreflang";
import { LOGO_PATH, LOGO_SIZE } from "../../../shared/socialImages";

export type JsonLdNode = { "@type": string; "@id"?: string; [key: string]: unknown };

export interface OrganizationFacts {
  name: string;
  description: string;
  siteUrl: string;
  phone: string;
  email: string;
  address: { street: string; city: string; postalCode: string; country: string; countryCode: string };
  socials: { linkedin: string; instagram: string; community: { url: string } };
}

export const organizationId = (siteUrl: string): string => `${siteUrl}/#organization`;
export const websiteId = (siteUrl: string): string => `${siteUrl}/#website`;

/** Telephone as schema.org wants it: + and digits only. */
const dialable = (phone: string): string => phone.replace(/[^+\d]/g, "");

export function organization(site: OrganizationFacts): JsonLdNode {
  return {
    "@type": "Organization",
    "@id": organizationId(site.siteUrl),
    name: site.name,
    description: site.description,
    url: absoluteUrl(site.siteUrl, "/"),
    logo: {
      "@type": "ImageObject",
      url: `${site.siteUrl}${LOGO_PATH}`,
      width: LOGO_SIZE,
      height: LOGO_SIZE,
    },
    email: site.email,
    telephone: dialable(site.phone),
    address: {
      "@type": "PostalAddress",
      streetAddress: site.address.street,
      addressLocality: site.address.city,
      postalCode: site.address.postalCode,
      addressCountry: site.address.countryCode,
    },
    sameAs: [site.socials.linkedin, site.socials.instagram, site.socials.community.url],
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone: dialable(site.phone),
      email: site.email,
      availableLanguage: ["en"],
    },
  };
}

export function website(site: Pick<OrganizationFacts, "name" | "description" | "siteUrl">): JsonLdNode {
  return {
    "@type": "WebSite",
    "@id": websiteId(site.siteUrl),
    name: site.name,
    description: site.description,
    url: absoluteUrl(site.siteUrl, "/"),
    inLanguage: "en",
    publisher: { "@id": organizationId(site.siteUrl) },
  };
}

export interface Crumb {
  path: string;
  title: string;
}

/** A BreadcrumbList from a route-table trail (home first); null for the home page itself. */
export function breadcrumbList(siteUrl: string, trail: Crumb[]): JsonLdNode | null {
  if (trail.length < 2) return null;
  const last = trail[trail.length - 1];
  return {
    "@type": "BreadcrumbList",
    "@id": `${absoluteUrl(siteUrl, last.path)}#breadcrumb`,
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.title,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export function service(
  siteUrl: string,
  page: { name: string; description: string; path: string; serviceType: string; image?: string },
): JsonLdNode {
  const url = absoluteUrl(siteUrl, page.path);
  return {
    "@type": "Service",
    "@id": `${url}#service`,
    name: page.name,
    description: page.description,
    serviceType: page.serviceType,
    url,
    ...(page.image ? { image: page.image } : {}),
    provider: { "@id": organizationId(siteUrl) },
    areaServed: "Worldwide",
  };
}

export function article(
  siteUrl: string,
  page: { headline: string; description: string; path: string; image: string; client: string },
): JsonLdNode {
  const url = absoluteUrl(siteUrl, page.path);
  return {
    "@type": "Article",
    "@id": `${url}#article`,
    headline: page.headline,
    description: page.description,
    url,
    mainEntityOfPage: url,
    image: page.image,
    inLanguage: "en",
    about: { "@type": "Organization", name: page.client },
    author: { "@id": organizationId(siteUrl) },
    publisher: { "@id": organizationId(siteUrl) },
  };
}

export const graph = (nodes: (JsonLdNode | null | undefined)[]) => ({
  "@context": "https://schema.org",
  "@graph": nodes.filter((node): node is JsonLdNode => Boolean(node)),
});

const UNSAFE: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON for an inline <script type="application/ld+json">. JSON.stringify alone is not enough:
 * a "</script>" or "<!--" in content would end or corrupt the script element. Escaping <, > and
 * & as \u003c etc. keeps the same JSON value while no HTML parser can see markup in it; U+2028
 * and U+2029 are escaped for old JavaScript parsers.
 */
export const serializeJsonLd = (data: unknown): string =>
  JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => UNSAFE[c]);
