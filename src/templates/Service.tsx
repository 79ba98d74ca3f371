import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { ItemGrid, LinkCardGrid } from "../components/Cards";
import { ConsultationCta, ConsultationButton } from "../components/Consultation";
import { Faq } from "../components/Faq";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { Seo } from "../components/Seo";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { pathFor, type PageContext } from "../../gatsby/lib/routes";
import { socialImagePath } from "../../gatsby/lib/socialImages";
import { service } from "../lib/seo/structuredData";
import { TagList } from "../components/TagList";
import { industryCard, workCard } from "../lib/cards";

type Data = Queries.ServicePageQuery;

export default function ServiceTemplate({ data }: PageProps<Data>) {
  const s = data.service!;
  return (
    <>
      <PageHero
        eyebrow="Service"
        headline={s.headline}
        lead={s.summary}
        crumbs={[
          { to: "/", label: "Home" },
          { to: `/services/${s.slug}`, label: s.title },
        ]}
      >
        <ConsultationButton />
      </PageHero>
      <Section heading="What you get">
        <ItemGrid items={s.deliverables} />
      </Section>
      <Section heading="How we work" tone="tinted">
        <ItemGrid items={s.process} numbered />
      </Section>
      <Section heading="Technologies we use">
        <TagList items={s.technologies} label="Technologies" />
      </Section>
      {s.relatedWorks.length > 0 && (
        <Section heading={`${s.title} case studies`} tone="tinted">
          <LinkCardGrid items={s.relatedWorks.map(workCard)} min={300} />
        </Section>
      )}
      {s.relatedIndustries.length > 0 && (
        <Section heading="Industries we build this for">
          <LinkCardGrid items={s.relatedIndustries.map(industryCard)} />
        </Section>
      )}
      <Section heading="Frequently asked questions" tone="tinted">
        <Faq items={s.faqs} />
      </Section>
      <ConsultationCta topic={s.title} />
    </>
  );
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
  const { siteUrl } = useSiteSettings();
  const path = pathFor("service", s.slug);
  const image = socialImagePath("service", s.slug);
  return (
    <Seo
      title={s.title}
      description={s.description}
      pathname={location.pathname}
      image={image}
      breadcrumbs={pageContext.breadcrumbs}
      structuredData={[
        service(siteUrl, {
          name: s.title,
          description: s.description,
          path,
          serviceType: s.title,
          image: `${siteUrl}${image}`,
        }),
      ]}
    />
  );
}
