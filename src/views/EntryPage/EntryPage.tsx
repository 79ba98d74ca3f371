import * as React from "react";
import { WorkCardGrid } from "../../components/Cards";
import { ConsultationButton, ConsultationCta } from "../../components/Consultation";
import { Faq } from "../../components/Faq";
import { PageHero, type PageHeroProps } from "../../components/PageHero";
import { Sections, type SectionSpec } from "../../components/Sections";

export interface EntryPageProps {
  hero: Omit<PageHeroProps, "children">;
  /** The page's own sections, in order; tones alternate. */
  sections: readonly (SectionSpec | null | false | undefined)[];
  /** What the closing band offers to talk about: "NLP Solutions", "a project like Humm". */
  topic: string;
  /** Shown between the sections and the closing band (the case pages' previous/next links). */
  after?: React.ReactNode;
}

/**
 * The page of one entry (a service, an industry, a case study, a country): a hero with the
 * consultation button, the entry's sections, and the closing call to action.
 */
export function EntryPage({ hero, sections, topic, after }: EntryPageProps) {
  return (
    <>
      <PageHero {...hero}>
        <ConsultationButton />
      </PageHero>
      <Sections sections={sections} />
      {after}
      <ConsultationCta topic={topic} />
    </>
  );
}

/** The case studies section of an entry page; none when there are no case studies. */
export function relatedWorkSection(
  heading: string,
  works: readonly Queries.WorkCardFragment[],
  more?: React.ReactNode,
): SectionSpec | null {
  if (works.length === 0) return null;
  return {
    heading,
    children: (
      <>
        <WorkCardGrid works={works} />
        {more}
      </>
    ),
  };
}

/** The questions and answers section; none when the entry has no questions. */
export function faqSection(
  faqs: readonly { question: string; answer: string }[] | null | undefined,
): SectionSpec | null {
  if (!faqs || faqs.length === 0) return null;
  return { heading: "Frequently asked questions", children: <Faq items={faqs} /> };
}
