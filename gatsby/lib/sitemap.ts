import { alternatesFor } from "../../shared/hreflang";

/**
 * gatsby-plugin-sitemap options that add hreflang alternates to the sitemap entries of the
 * country pages and the home page (<xhtml:link rel="alternate" hreflang=... href=...>), read from
 * the one hreflang table (shared/hreflang.ts).
 */
export const SITEMAP_QUERY = /* GraphQL */ `
  query Sitemap {
    site {
      siteMetadata {
        siteUrl
      }
    }
    allSitePage {
      nodes {
        path
      }
    }
    allCountry {
      nodes {
        slug
        locale
      }
    }
  }
`;

interface SitemapPage {
  path: string;
  links: { lang: string; url: string }[];
}

export const sitemapSerializer = {
  resolvePages: (data: Queries.SitemapQuery): SitemapPage[] => {
    const siteUrl = data.site?.siteMetadata?.siteUrl;
    if (!siteUrl)
      throw new Error("The sitemap needs siteMetadata.siteUrl (gatsby-config reads it from site.yaml)");
    return data.allSitePage.nodes.map((page) => ({
      path: page.path,
      links: alternatesFor(page.path, data.allCountry.nodes, siteUrl).map((a) => ({
        lang: a.hreflang,
        url: a.href,
      })),
    }));
  },
  serialize: (page: SitemapPage) => ({ url: page.path, ...(page.links.length ? { links: page.links } : {}) }),
};
