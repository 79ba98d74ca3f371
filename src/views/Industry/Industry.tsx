import * as React from "react";
import type { Crumb } from "../../../shared/routes";
import { ItemGrid, LinkCardGrid, serviceCard } from "../../components/Cards";
import { EntryPage, faqSection, relatedWorkSection } from "../EntryPage";

/** AI industry pages and sector industry pages: challenges, solutions, use cases, work, services. */
export function Industry({
  industry: i,
  crumbs,
}: {
  industry: Queries.IndustryPageQuery["industry"] & {};
  crumbs: readonly Crumb[];
}) {
  return (
    <EntryPage
      hero={{
        eyebrow: i.kind === "ai" ? "AI industry" : "Industry",
        headline: i.headline,
        lead: i.summary,
        crumbs,
      }}
      sections={[
        { heading: "The challenges", children: <ItemGrid items={i.challenges} /> },
        { heading: "What we build", children: <ItemGrid items={i.solutions} /> },
        { heading: "Use cases", children: <ItemGrid items={i.useCases} /> },
        relatedWorkSection(`Our work in ${i.title}`, i.relatedWorks),
        {
          heading: "Services for this industry",
          children: <LinkCardGrid items={i.services.map(serviceCard)} />,
        },
        faqSection(i.faqs),
      ]}
      topic={i.title}
    />
  );
}
