import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { pageHead } from "../components/Seo";
import { ContentPage } from "../views/ContentPage";

type Data = Queries.ContentPageQuery;

/** The plain content pages: about and the privacy notice. */
export default function PageTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <ContentPage page={data.page!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query ContentPage($slug: String!) {
    page(slug: { eq: $slug }) {
      ...ContentPageData
      ...PageHeroImage
    }
  }
`;

export const Head = pageHead();
