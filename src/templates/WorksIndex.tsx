import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import type { PageContext } from "../../gatsby/lib/routes";
import { ConsultationCta } from "../components/Consultation";
import { PageHero } from "../components/PageHero";
import { pageHead } from "../components/Seo";
import { Portfolio } from "../views/Portfolio";

type Data = Queries.WorksIndexPageQuery;

export default function WorksIndexTemplate({ data, location, pageContext }: PageProps<Data, PageContext>) {
  const page = data.page!;
  return (
    <>
      <PageHero
        headline={page.headline}
        lead={page.intro}
        // From the route table, like the page's BreadcrumbList: page N adds itself after "/works".
        crumbs={pageContext.breadcrumbs.map((c) => ({ to: c.path, label: c.title }))}
      />
      <Portfolio
        works={data.allWork.nodes}
        index={pageContext.portfolio}
        listPage={pageContext.listPage}
        location={location}
      />
      <ConsultationCta topic="your project" />
    </>
  );
}

// Only this page's cards (WORKS_PER_PAGE of them); every case study's filter facts come in the
// page context, compactly (gatsby/lib/portfolioIndex.ts).
export const query = graphql`
  query WorksIndexPage($slug: String!, $skip: Int = 0, $limit: Int = 48) {
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
    }
    # The same order as the portfolio index built in gatsby/node/createPages.ts.
    allWork(sort: [{ year: DESC }, { client: ASC }, { slug: ASC }], skip: $skip, limit: $limit) {
      nodes {
        ...PortfolioWork
      }
    }
  }
`;

export const Head = pageHead();
