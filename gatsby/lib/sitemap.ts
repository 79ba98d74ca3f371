import { alternatesFor, type CountryLocale } from "./hreflang";

/**
 * gatsby-plugin-sitemap options that add hreflang alternates to the sitemap entries of the
 * country pages and the home page (<xhtml:link rel="alternate" hreflang=... href=...>), read from
 * the one hreflang table (gatsby/lib/hreflang.ts).
 */
export const SITEMAP_QUERY = `
  {
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

interface SitemapData {
  site: { siteMetadata: { siteUrl: string } };
  allSitePage: { nodes: { path: string }[] };
  allCountry: { nodes: CountryLocale[] };
}

interface SitemapPage {
  path: string;
  links: { lang: string; url: string }[];
}

export const sitemapSerializer = {
  resolvePages: (data: SitemapData): SitemapPage[] => {
    const siteUrl = data.site.siteMetadata.siteUrl;
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
