import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import styled from "styled-components";
import { ItemGrid, LinkCardGrid } from "../components/Cards";
import { ConsultationButton, ConsultationCta } from "../components/Consultation";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { Seo } from "../components/Seo";
import type { PageContext } from "../../gatsby/lib/routes";
import { serviceCard } from "../lib/cards";

type Data = Queries.CountryPageQuery;

const Contact = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(1, 3)};
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

export default function CountryTemplate({ data }: PageProps<Data>) {
  const c = data.country!;
  return (
    <>
      <PageHero
        eyebrow={c.country}
        headline={c.headline}
        lead={c.summary}
        crumbs={[
          { to: "/", label: "Home" },
          { to: `/${c.slug}`, label: c.country },
        ]}
      >
        <ConsultationButton />
      </PageHero>
      <Section heading={`Why teams in ${c.country} work with us`}>
        <ItemGrid items={c.highlights} />
      </Section>
      <Section heading={`Popular services in ${c.country}`} tone="tinted">
        <LinkCardGrid items={c.services.map(serviceCard)} />
      </Section>
      <Section heading={`Contact us in ${c.country}`}>
        <Contact>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${c.contact.phone.replace(/[^+\d]/g, "")}`}>{c.contact.phone}</a>
          </dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${c.contact.email}`}>{c.contact.email}</a>
          </dd>
          <dt>Office</dt>
          <dd>{c.contact.office}</dd>
          <dt>Hours</dt>
          <dd>{c.contact.hours}</dd>
        </Contact>
      </Section>
      <ConsultationCta topic={`your project in ${c.country}`} />
    </>
  );
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
