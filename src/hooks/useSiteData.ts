import { graphql, useStaticQuery } from "gatsby";

/**
 * Everything the layout reads from content/ on every page, in one static query: the company facts
 * (content/site.yaml), the menus and the consultation calls to action (navigation.yaml), the
 * footer, and the lists the menus, the footer, the form and the SEO tags draw on. Gatsby's runtime
 * fetches each static query's result as a file of its own before the page hydrates; one query is
 * one request where six were, and the callback that hydrates the page no longer opens five more
 * (docs/performance.md, "One static query for the layout"). The hooks beside this one each read their part.
 */
export function useSiteData(): Queries.SiteDataQuery {
  return useStaticQuery<Queries.SiteDataQuery>(graphql`
    fragment MenuEntry on Service {
      slug
      title
      icon
    }
    fragment MenuIndustry on Industry {
      slug
      title
      icon
    }
    query SiteData {
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
      navigation {
        top {
          label
          href
          menu
          list
          page {
            slug
          }
        }
        services {
          columns {
            groups {
              title
              icons
              items {
                ...MenuEntry
              }
            }
          }
        }
        industries {
          sector {
            title
            items {
              ...MenuIndustry
            }
          }
          ai {
            title
            items {
              ...MenuIndustry
            }
          }
        }
        consultation {
          label
          dialogLabel
          pitch
          page {
            slug
          }
        }
      }
      # Portfolio order (gatsby/lib/portfolioOrder.ts), as on the works index.
      allWork(sort: { portfolioOrder: ASC }) {
        nodes {
          slug
          client
          title
        }
      }
      footer {
        columns {
          title
          visible
          links {
            label
            href
            service {
              slug
              title
            }
            industry {
              slug
              title
            }
            work {
              slug
              client
              title
            }
            page {
              slug
              title
            }
            country {
              slug
              country
            }
          }
        }
      }
      # The services a visitor can ask about in the consultation form, by title.
      allService(sort: { title: ASC }) {
        nodes {
          slug
          title
        }
      }
      # The country landing pages, for hreflang alternates and the country suggestion.
      allCountry(sort: { slug: ASC }) {
        nodes {
          slug
          country
          countryCode
          locale
        }
      }
    }
  `);
}
