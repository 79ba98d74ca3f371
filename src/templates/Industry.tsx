import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { EntrySeo } from "../components/Seo";
import { service } from "../lib/seo/structuredData";
import { Industry } from "../views/Industry";

type Data = Queries.IndustryPageQuery;

/** AI industry pages and sector industry pages share one template. */
export default function IndustryTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <Industry industry={data.industry!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query IndustryPage($slug: String!) {
    industry(slug: { eq: $slug }) {
      slug
      kind
      title
      description
      headline
      summary
      challenges {
        title
        description
      }
      solutions {
        title
        description
      }
      useCases {
        title
        description
      }
      services {
        ...ServiceCard
      }
      faqs {
        question
        answer
      }
      relatedWorks {
        ...WorkCard
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  const i = data.industry!;
  return (
    <EntrySeo
      kind="industry"
      entry={i}
      pathname={location.pathname}
      breadcrumbs={pageContext.breadcrumbs}
      // "AI in ..." pages describe a service we sell; sector pages describe who we build for.
      structuredData={({ siteUrl, path, image }) =>
        i.kind === "ai"
          ? [
              service(siteUrl, {
                name: i.title,
                description: i.description,
                path,
                serviceType: "AI software development",
                image,
              }),
            ]
          : []
      }
    />
  );
}
