import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { pageHead } from "../components/Seo";
import { NewHome } from "../views/NewHome";

type Data = Queries.NewHomePageQuery;

export default function NewHomeTemplate({ data }: PageProps<Data>) {
  return <NewHome page={data.page!} site={data.siteSettings!} />;
}

export const query = graphql`
  query NewHomePage($slug: String!) {
    siteSettings {
      name
      address {
        city
        country
      }
    }
    page(slug: { eq: $slug }) {
      ...ContentPageData
      ...PageHeroImage
    }
  }
`;

/**
 * No BreadcrumbList: /new-home is a standalone landing page, a candidate home page outside the
 * shared layout, and like the home page it shows no trail ("Home › New home" would lead its
 * visitors away from its one call to action). Structured data has to match what the page
 * shows, and a noindex page out of the sitemap has no use for it anyway.
 */
export const Head = pageHead({ noindex: true, breadcrumbs: false });
