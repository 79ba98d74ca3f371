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

export const Head = pageHead({ noindex: true });
