import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { pageHead } from "../components/Seo";
import { PortfolioPage } from "../views/Portfolio";

type Data = Queries.WorksIndexPageQuery;

export default function WorksIndexTemplate({ data, location, pageContext }: PageProps<Data, PageContext>) {
  return (
    <PortfolioPage
      page={data.page!}
      crumbs={pageContext.breadcrumbs}
      works={data.allWork.nodes}
      index={pageContext.portfolio}
      listPage={pageContext.listPage}
      location={location}
    />
  );
}

// Only this page's cards (WORKS_PER_PAGE of them); every case study's filter facts come in the
// page context, compactly (shared/portfolioIndex.ts).
export const query = graphql`
  query WorksIndexPage($slug: String!, $skip: Int!, $limit: Int!) {
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
    }
    # Portfolio order (gatsby/lib/portfolioOrder.ts), as the portfolio index built in createPages.
    allWork(sort: { portfolioOrder: ASC }, skip: $skip, limit: $limit) {
      nodes {
        ...PortfolioWork
      }
    }
  }
`;

export const Head = pageHead();
