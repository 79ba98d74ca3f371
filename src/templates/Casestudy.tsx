import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { ButtonLink } from "../components/ButtonLink";
import { PageHero } from "../components/PageHero";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { PageSections } from "../views/PageSections";

type Data = Queries.CasestudyPageQuery;

/** A curated showcase: the case studies listed under `featured` in content/pages/casestudy.yaml. */
export default function CasestudyTemplate({ data }: PageProps<Data>) {
  const page = data.page!;
  return (
    <>
      <PageHero
        headline={page.headline}
        lead={page.intro}
        crumbs={[
          { to: "/", label: "Home" },
          { to: "/casestudy", label: page.title },
        ]}
      >
        <ButtonLink to="/works" $variant="secondary">
          Browse the full portfolio
        </ButtonLink>
      </PageHero>
      <PageSections page={page} featuredHeading="Featured case studies" />
    </>
  );
}

export const query = graphql`
  query CasestudyPage($slug: String!) {
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
      ...PageSectionsData
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
