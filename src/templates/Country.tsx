import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { Seo } from "../components/Seo";
import { Country } from "../views/Country";

type Data = Queries.CountryPageQuery;

export default function CountryTemplate({ data, pageContext }: PageProps<Data, PageContext>) {
  return <Country country={data.country!} crumbs={pageContext.breadcrumbs} />;
}

export const query = graphql`
  query CountryPage($slug: String!) {
    country(slug: { eq: $slug }) {
      slug
      country
      locale
      title
      description
      headline
      summary
      highlights {
        title
        description
      }
      services {
        ...ServiceCard
      }
      contact {
        phone
        email
        office
        hours
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  const c = data.country!;
  return (
    <Seo
      title={c.title}
      description={c.description}
      pathname={location.pathname}
      locale={c.locale}
      breadcrumbs={pageContext.breadcrumbs}
    />
  );
}
