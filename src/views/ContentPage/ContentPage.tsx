import * as React from "react";
import { graphql } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import type { Crumb } from "../../../shared/routes";
import { PageHero } from "../../components/PageHero";
import { PageSections } from "./ContentPage.Sections";

export const fragments = graphql`
  fragment ContentPageData on Page {
    slug
    title
    description
    headline
    intro
    ...PageSectionsData
  }
  fragment PageHeroImage on Page {
    hero {
      alt
      src {
        childImageSharp {
          gatsbyImageData(
            width: 640
            layout: CONSTRAINED
            placeholder: NONE
            outputPixelDensities: [0.5, 1, 2]
          )
        }
      }
    }
  }
`;

export interface ContentPageProps {
  page: Queries.ContentPageDataFragment & Partial<Queries.PageHeroImageFragment>;
  crumbs?: readonly Crumb[];
  tone?: "light" | "dark";
  eyebrow?: string | null;
  /** Links or buttons under the lead. */
  actions?: React.ReactNode;
  featuredHeading?: string;
  /** Shown between the hero and the page's sections (the form on /contact). */
  children?: React.ReactNode;
}

/**
 * A page from content/pages (home, about, contact, privacy, the case-study showcase): a hero,
 * then the page's sections, featured work and call to action.
 */
export function ContentPage({
  page,
  crumbs,
  tone,
  eyebrow,
  actions,
  featuredHeading,
  children,
}: ContentPageProps) {
  const hero = getImage(page.hero?.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <PageHero
        tone={tone}
        eyebrow={eyebrow}
        headline={page.headline}
        lead={page.intro}
        crumbs={crumbs}
        image={hero && page.hero ? { data: hero, alt: page.hero.alt } : null}
      >
        {actions}
      </PageHero>
      {children}
      <PageSections page={page} featuredHeading={featuredHeading} />
    </>
  );
}
