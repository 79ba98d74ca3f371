import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { PageHero } from "../components/PageHero";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { PageSections } from "../views/PageSections";

type Data = Queries.ContentPageQuery;

/** About and contact: a hero and the page's sections. */
export default function PageTemplate({ data }: PageProps<Data>) {
  const page = data.page!;
  const hero = getImage(page.hero?.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <PageHero
        headline={page.headline}
        lead={page.intro}
        crumbs={[
          { to: "/", label: "Home" },
          { to: `/${page.slug}`, label: page.title },
        ]}
        image={hero && page.hero ? { data: hero, alt: page.hero.alt } : null}
      />
      <PageSections page={page} />
    </>
  );
}

export const query = graphql`
  query ContentPage($slug: String!) {
    page(slug: { eq: $slug }) {
      slug
      title
      description
      headline
      intro
      hero {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 560, layout: CONSTRAINED)
          }
        }
      }
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
