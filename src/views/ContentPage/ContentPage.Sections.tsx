import * as React from "react";
import { industryCard, ItemGrid, LinkCardGrid, serviceCard, WorkCardGrid } from "../../components/Cards";
import { CtaBand } from "../../components/CtaBand";
import { Sections } from "../../components/Sections";

/** A content page's sections, featured work and call to action, in order. */
export function PageSections({
  page,
  featuredHeading = "Selected work",
}: {
  page: Queries.PageSectionsDataFragment;
  featuredHeading?: string;
}) {
  return (
    <>
      <Sections
        sections={[
          ...page.sections.map((section) => ({
            id: section.id ?? undefined,
            heading: section.heading,
            lead: section.body,
            children: (
              <>
                {section.items && <ItemGrid items={section.items} />}
                {section.services && <LinkCardGrid items={section.services.map(serviceCard)} />}
                {section.industries && <LinkCardGrid items={section.industries.map(industryCard)} />}
                {section.works && <WorkCardGrid works={section.works} />}
              </>
            ),
          })),
          page.featured &&
            page.featured.length > 0 && {
              heading: featuredHeading,
              children: <WorkCardGrid works={page.featured} />,
            },
        ]}
      />
      {page.cta && <CtaBand {...page.cta} />}
    </>
  );
}
