import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { pageHead } from "../components/Seo";
import { Casestudy } from "../views/Casestudy";

type Data = Queries.CasestudyPageQuery;

export default function CasestudyTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <Casestudy page={data.page!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query CasestudyPage($slug: String!) {
    page(slug: { eq: $slug }) {
      ...ContentPageData
    }
  }
`;

export const Head = pageHead();
