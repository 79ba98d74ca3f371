import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { ConsultationCta } from "../components/Consultation";
import { PageHero } from "../components/PageHero";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { Portfolio } from "../views/Portfolio";

type Data = Queries.WorksIndexPageQuery;

export default function WorksIndexTemplate({ data, location }: PageProps<Data>) {
  const page = data.page!;
  return (
    <>
      <PageHero
        headline={page.headline}
        lead={page.intro}
        crumbs={[
          { to: "/", label: "Home" },
          { to: "/works", label: page.title },
        ]}
      />
      <Portfolio works={data.allWork.nodes} location={location} />
      <ConsultationCta topic="your project" />
    </>
  );
}

// Only what the cards and the filters need: this whole list ships in the page-data of /works.
export const query = graphql`
  query WorksIndexPage($slug: String!) {
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
    }
    allWork(sort: [{ year: DESC }, { client: ASC }, { slug: ASC }]) {
      nodes {
        ...PortfolioWork
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  return (
    <Seo
      title={data.page!.title}
      description={data.page!.description}
      pathname={location.pathname}
      breadcrumbs={pageContext.breadcrumbs}
    />
  );
}
