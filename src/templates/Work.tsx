import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { EntrySeo } from "../components/Seo";
import { article } from "../lib/seo/structuredData";
import { Work } from "../views/Work";

type Data = Queries.WorkPageQuery;

export default function WorkTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <Work work={data.work!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query WorkPage($slug: String!) {
    work(slug: { eq: $slug }) {
      slug
      client
      title
      description
      headline
      ...WorkTaxonomy
      platforms
      stack
      region
      year
      challenge
      solution
      features {
        title
        description
      }
      outcomes
      cover {
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
      gallery {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 720, layout: CONSTRAINED, outputPixelDensities: [0.5, 1, 2])
          }
        }
      }
      moreWork {
        ...WorkCard
      }
      previous {
        slug
        client
        title
      }
      next {
        slug
        client
        title
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  const w = data.work!;
  return (
    <EntrySeo
      kind="work"
      entry={w}
      type="article"
      pathname={location.pathname}
      breadcrumbs={pageContext.breadcrumbs}
      structuredData={({ siteUrl, path, image }) => [
        article(siteUrl, { headline: w.headline, description: w.description, path, image, client: w.client }),
      ]}
    />
  );
}
