import { getImage } from "gatsby-plugin-image";
import { pathFor } from "../../../shared/routes";
import { workLinkName } from "../../lib/workLinkName";
import type { LinkCardItem } from "./Cards";
import type { IconName } from "../Icon";

/** Maps query results to card props, one function per kind of entry. */
export const serviceCard = (s: Queries.ServiceCardFragment): LinkCardItem => ({
  to: pathFor("service", s.slug),
  title: s.title,
  text: s.description,
  icon: (s.icon as IconName | null) ?? null,
});

export const industryCard = (i: Queries.IndustryCardFragment): LinkCardItem => ({
  to: pathFor("industry", i.slug),
  title: i.title,
  text: i.description,
  icon: (i.icon as IconName | null) ?? null,
});

export const workCard = (w: Queries.WorkCardFragment): LinkCardItem => {
  const data = getImage(w.cover.src?.childImageSharp?.gatsbyImageData ?? null);
  return {
    to: pathFor("work", w.slug),
    title: w.client,
    linkName: workLinkName(w),
    text: w.outcome,
    meta: w.industry.title,
    image: data ? { data, alt: w.cover.alt } : null,
    tags: w.services.map((s) => s.title),
    tagsLabel: "Services",
  };
};
