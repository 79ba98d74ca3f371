import * as React from "react";
import { graphql, type PageProps } from "gatsby";
import styled from "styled-components";
import { ConsultationForm } from "../components/ConsultationForm";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { pageHead } from "../components/Seo";
import { PageSections } from "../views/PageSections";

type Data = Queries.ContactPageQuery;

/** A comfortable line length for the form's two columns. */
const FormColumn = styled.div`
  max-width: 52rem;
`;

/**
 * /contact: the consultation form, then the page's sections. A template of its own so the form's
 * code is part of this page's bundle only (elsewhere the layout loads it lazily in the modal).
 */
export default function ContactTemplate({ data, location }: PageProps<Data>) {
  const page = data.page!;
  return (
    <>
      <PageHero
        headline={page.headline}
        lead={page.intro}
        crumbs={[
          { to: "/", label: "Home" },
          { to: "/contact", label: page.title },
        ]}
      />
      <Section id="book" heading="Book your free consultation" tone="tinted">
        <FormColumn>
          <ConsultationForm pathname={location.pathname} />
        </FormColumn>
      </Section>
      <PageSections page={page} />
    </>
  );
}

export const query = graphql`
  query ContactPage($slug: String!) {
    page(slug: { eq: $slug }) {
      slug
      title
      description
      headline
      intro
      ...PageSectionsData
    }
  }
`;

export const Head = pageHead();
