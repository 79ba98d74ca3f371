import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { Seo } from "../components/Seo";
import { Home } from "../views/Home";

type Data = Queries.HomePageQuery;

export default function HomeTemplate({ data }: PageProps<Data>) {
  return <Home page={data.page!} tagline={data.siteSettings?.tagline} />;
}

export const query = graphql`
  query HomePage($slug: String!) {
    siteSettings {
      tagline
    }
    page(slug: { eq: $slug }) {
      ...ContentPageData
      ...PageHeroImage
    }
  }
`;

export function Head({ data, location }: HeadProps<Data, PageContext>) {
  return <Seo description={data.page!.description} pathname={location.pathname} />;
}
