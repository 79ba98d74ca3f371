import * as React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { ItemGrid, LinkCardGrid } from "../components/Cards";
import { ConsultationButton, ConsultationCta } from "../components/Consultation";
import { Faq } from "../components/Faq";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { Seo } from "../components/Seo";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { pathFor, type PageContext } from "../../gatsby/lib/routes";
import { socialImagePath } from "../../gatsby/lib/socialImages";
import { service } from "../lib/seo/structuredData";
import { serviceCard, workCard } from "../lib/cards";

type Data = Queries.IndustryPageQuery;

/** AI industry pages and sector industry pages share one template. */
export default function IndustryTemplate({ data }: PageProps<Data>) {
  const i = data.industry!;
  return (
    <>
      <PageHero
        eyebrow={i.kind === "ai" ? "AI industry" : "Industry"}
        headline={i.headline}
        lead={i.summary}
        crumbs={[
          { to: "/", label: "Home" },
          { to: `/industries/${i.slug}`, label: i.title },
        ]}
      >
        <ConsultationButton />
      </PageHero>
      <Section heading="The challenges">
        <ItemGrid items={i.challenges} />
      </Section>
      <Section heading="What we build" tone="tinted">
        <ItemGrid items={i.solutions} />
      </Section>
      <Section heading="Use cases">
        <ItemGrid items={i.useCases} />
      </Section>
      {i.relatedWorks.length > 0 && (
        <Section heading={`Our work in ${i.title}`} tone="tinted">
          <LinkCardGrid items={i.relatedWorks.map(workCard)} min={300} />
        </Section>
      )}
      <Section heading="Services for this industry">
        <LinkCardGrid items={i.services.map(serviceCard)} />
      </Section>
      {i.faqs && i.faqs.length > 0 && (
        <Section heading="Frequently asked questions" tone="tinted">
          <Faq items={i.faqs} />
        </Section>
      )}
      <ConsultationCta topic={i.title} />
    </>
  );
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
  const { siteUrl } = useSiteSettings();
  const image = socialImagePath("industry", i.slug);
  // "AI in ..." pages describe a service we sell; sector pages describe who we build for.
  const structuredData =
    i.kind === "ai"
      ? [
          service(siteUrl, {
            name: i.title,
            description: i.description,
            path: pathFor("industry", i.slug),
            serviceType: "AI software development",
            image: `${siteUrl}${image}`,
          }),
        ]
      : [];
  return (
    <Seo
      title={i.title}
      description={i.description}
      pathname={location.pathname}
      image={image}
      breadcrumbs={pageContext.breadcrumbs}
      structuredData={structuredData}
    />
  );
}
