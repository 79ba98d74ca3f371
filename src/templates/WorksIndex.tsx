import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { LinkCardGrid } from "../components/Cards";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { workCard } from "../lib/cards";

type Data = Queries.WorksIndexPageQuery;

export default function WorksIndexTemplate({ data }: PageProps<Data>) {
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
      <Section heading={`All case studies (${data.allWork.nodes.length})`}>
        <LinkCardGrid items={data.allWork.nodes.map(workCard)} min={300} />
      </Section>
    </>
  );
}

export const query = graphql`
  query WorksIndexPage($slug: String!) {
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
    }
    allWork(sort: [{ year: DESC }, { client: ASC }]) {
      nodes {
        ...WorkCard
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
