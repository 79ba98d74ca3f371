import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { ButtonLink } from "../components/ButtonLink";
import { PageHero } from "../components/PageHero";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { PageSections } from "../views/PageSections";

type Data = Queries.HomePageQuery;

export default function HomeTemplate({ data }: PageProps<Data>) {
  const page = data.page!;
  const hero = getImage(page.hero?.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <PageHero
        tone="dark"
        eyebrow={data.siteSettings?.tagline}
        headline={page.headline}
        lead={page.intro}
        image={hero && page.hero ? { data: hero, alt: page.hero.alt } : null}
      >
        <ButtonLink to="/contact" $variant="light">
          Book free consultation
        </ButtonLink>
        <ButtonLink to="/works" $variant="outlineLight">
          See our work
        </ButtonLink>
      </PageHero>
      <PageSections page={page} featuredHeading="Work we are proud of" />
    </>
  );
}

export const query = graphql`
  query HomePage($slug: String!) {
    siteSettings {
      tagline
    }
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
      hero {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: NONE)
          }
        }
      }
      ...PageSectionsData
    }
  }
`;

export function Head({ data, location }: HeadProps<Data, PageContext>) {
  return <Seo description={data.page!.description} pathname={location.pathname} />;
}
