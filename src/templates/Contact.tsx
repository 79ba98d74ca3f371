import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import type { PageContext } from "../../shared/routes";
import { pageHead } from "../components/Seo";
import { Contact } from "../views/Contact";

type Data = Queries.ContactPageQuery;

/**
 * /contact: a template of its own so the consultation form's code is part of this page's bundle
 * only (elsewhere the layout loads it lazily in the modal).
 */
export default function ContactTemplate({ data, location, pageContext }: PageProps<Data, PageContext>) {
  return <Contact page={data.page!} crumbs={pageContext.breadcrumbs} pathname={location.pathname} />;
}

export const query = graphql`
  query ContactPage($slug: String!) {
    page(slug: { eq: $slug }) {
      ...ContentPageData
    }
  }
`;

export const Head = pageHead();
