import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { EntrySeo } from "../components/Seo";
import { service } from "../lib/seo/structuredData";
import { Service } from "../views/Service";

type Data = Queries.ServicePageQuery;

export default function ServiceTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <Service service={data.service!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query ServicePage($slug: String!) {
    service(slug: { eq: $slug }) {
      slug
      title
      description
      headline
      summary
      deliverables {
        title
        description
      }
      process {
        title
        description
      }
      technologies
      faqs {
        question
        answer
      }
      relatedWorks {
        ...WorkCard
      }
      relatedIndustries {
        ...IndustryCard
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  const s = data.service!;
  return (
    <EntrySeo
      kind="service"
      entry={s}
      pathname={location.pathname}
      breadcrumbs={pageContext.breadcrumbs}
      structuredData={({ siteUrl, path, image }) => [
        service(siteUrl, { name: s.title, description: s.description, path, serviceType: s.title, image }),
      ]}
    />
  );
}
