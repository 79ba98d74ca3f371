import * as React from "react";
import { ItemGrid, LinkCardGrid } from "../../components/Cards";
import { CtaBand } from "../../components/CtaBand";
import { Section } from "../../components/Section";
import { industryCard, serviceCard, workCard } from "../../lib/cards";

/** Renders a content page's sections, featured work and call to action in order. */
export function PageSections({
  page,
  featuredHeading = "Selected work",
}: {
  page: Queries.PageSectionsDataFragment;
  featuredHeading?: string;
}) {
  return (
    <>
      {page.sections.map((section, i) => (
        <Section
          key={section.heading}
          id={section.id ?? undefined}
          heading={section.heading}
          lead={section.body}
          tone={i % 2 === 1 ? "tinted" : "plain"}
        >
          {section.items && <ItemGrid items={section.items} />}
          {section.services && <LinkCardGrid items={section.services.map(serviceCard)} />}
          {section.industries && <LinkCardGrid items={section.industries.map(industryCard)} />}
          {section.works && <LinkCardGrid items={section.works.map(workCard)} min={300} />}
        </Section>
      ))}
      {page.featured && page.featured.length > 0 && (
        <Section heading={featuredHeading}>
          <LinkCardGrid items={page.featured.map(workCard)} min={300} />
        </Section>
      )}
      {page.cta && <CtaBand {...page.cta} />}
    </>
  );
}
