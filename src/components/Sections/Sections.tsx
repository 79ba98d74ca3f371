import * as React from "react";
import { Section, type SectionProps } from "../Section";

export type SectionSpec = Omit<SectionProps, "tone">;

/**
 * A page's sections in order, plain and tinted in turn, so two sections never run together
 * whichever optional ones a page leaves out. `null`/`false` entries are sections a page does not have.
 */
export function Sections({ sections }: { sections: readonly (SectionSpec | null | false | undefined)[] }) {
  const shown = sections.filter((s): s is SectionSpec => Boolean(s));
  return (
    <>
      {shown.map((section, i) => (
        <Section key={section.id ?? section.heading} {...section} tone={i % 2 === 1 ? "tinted" : "plain"} />
      ))}
    </>
  );
}
