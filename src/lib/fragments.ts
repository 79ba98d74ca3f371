import { graphql } from "gatsby";

/** GraphQL fragments shared by several templates (Gatsby collects them from any file in src). */
export const fragments = graphql`
  fragment WorkTaxonomy on Work {
    industry {
      slug
      title
    }
    services {
      slug
      title
    }
  }
  fragment WorkCard on Work {
    slug
    client
    title
    outcome
    ...WorkTaxonomy
    cover {
      alt
      src {
        childImageSharp {
          gatsbyImageData(
            width: 560
            aspectRatio: 1.6
            layout: CONSTRAINED
            outputPixelDensities: [0.5, 1, 2]
          )
        }
      }
    }
  }
  fragment PortfolioWork on Work {
    ...WorkCard
    industry {
      kind
    }
    platforms
  }
  fragment ServiceCard on Service {
    slug
    title
    description
    icon
  }
  fragment IndustryCard on Industry {
    slug
    title
    description
    icon
    kind
  }
  fragment PageSectionsData on Page {
    sections {
      id
      heading
      body
      items {
        title
        description
      }
      services {
        ...ServiceCard
      }
      industries {
        ...IndustryCard
      }
      works {
        ...WorkCard
      }
    }
    featured {
      ...WorkCard
    }
    cta {
      heading
      body
      label
    }
  }
`;
