import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import { pagePath, type PageContext } from "../../shared/routes";
import { ButtonLink } from "../components/ButtonLink";
import { pageHead } from "../components/Seo";
import { ContentPage } from "../views/ContentPage";

type Data = Queries.CasestudyPageQuery;

/** A curated showcase: the case studies listed under `featured` in content/pages/casestudy.yaml. */
export default function CasestudyTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return (
    <ContentPage
      page={data.page!}
      crumbs={pageContext.breadcrumbs}
      featuredHeading="Featured case studies"
      actions={
        <ButtonLink to={pagePath("works")} $variant="secondary">
          Browse the full portfolio
        </ButtonLink>
      }
    />
  );
}

export const query = graphql`
  query CasestudyPage($slug: String!) {
    page(slug: { eq: $slug }) {
      ...ContentPageData
    }
  }
`;

export const Head = pageHead();
