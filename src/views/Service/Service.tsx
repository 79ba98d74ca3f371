import * as React from "react";
import type { Crumb } from "../../../shared/routes";
import { industryCard, ItemGrid, LinkCardGrid } from "../../components/Cards";
import { TagList } from "../../components/TagList";
import { EntryPage, faqSection, relatedWorkSection } from "../EntryPage";

/** A service page: what the client gets, how we work, the stack, related work and industries. */
export function Service({
  service: s,
  crumbs,
}: {
  service: Queries.ServicePageQuery["service"] & {};
  crumbs: readonly Crumb[];
}) {
  return (
    <EntryPage
      hero={{ eyebrow: "Service", headline: s.headline, lead: s.summary, crumbs }}
      sections={[
        { heading: "What you get", children: <ItemGrid items={s.deliverables} /> },
        { heading: "How we work", children: <ItemGrid items={s.process} numbered /> },
        { heading: "Technologies we use", children: <TagList items={s.technologies} label="Technologies" /> },
        relatedWorkSection(`${s.title} case studies`, s.relatedWorks),
        s.relatedIndustries.length > 0 && {
          heading: "Industries we build this for",
          children: <LinkCardGrid items={s.relatedIndustries.map(industryCard)} />,
        },
        faqSection(s.faqs),
      ]}
      topic={s.title}
    />
  );
}
