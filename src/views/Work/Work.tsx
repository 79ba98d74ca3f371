import * as React from "react";
import { Link } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import { Picture } from "../../components/Picture";
import { pagePath, pathFor, type Crumb } from "../../../shared/routes";
import { platformLabel } from "../../../schemas/platforms";
import { ButtonLink } from "../../components/ButtonLink";
import { ItemGrid } from "../../components/Cards";
import { Facts } from "../../components/Facts";
import { EntryPage, relatedWorkSection } from "../EntryPage";
import { WorkPager } from "./Work.Pager";
import { Gallery, MoreLink, Outcomes, Prose } from "./Work.styles";

type Work = Queries.WorkPageQuery["work"] & {};

const joinLinks = (links: { to: string; label: string }[]) =>
  links.map((l, i) => (
    <React.Fragment key={l.to}>
      {i > 0 && ", "}
      <Link to={l.to}>{l.label}</Link>
    </React.Fragment>
  ));

/** A case study: the facts, the challenge, what we built, outcomes, gallery, more work. */
export function Work({ work: w, crumbs }: { work: Work; crumbs: readonly Crumb[] }) {
  const cover = getImage(w.cover.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <EntryPage
      hero={{
        eyebrow: w.client,
        headline: w.headline,
        lead: w.description,
        crumbs,
        image: cover ? { data: cover, alt: w.cover.alt } : null,
      }}
      sections={[
        {
          heading: "At a glance",
          children: (
            <Facts
              items={[
                { term: "Client", detail: w.client },
                {
                  term: "Industry",
                  detail: joinLinks([{ to: pathFor("industry", w.industry.slug), label: w.industry.title }]),
                },
                {
                  term: "Services",
                  detail: joinLinks(
                    w.services.map((s) => ({ to: pathFor("service", s.slug), label: s.title })),
                  ),
                },
                { term: "Platforms", detail: w.platforms.map(platformLabel).join(", ") },
                { term: "Region", detail: w.region },
                { term: "Year", detail: w.year },
                { term: "Stack", detail: w.stack.join(", ") },
              ]}
            />
          ),
        },
        { heading: "The challenge", children: <Prose>{w.challenge}</Prose> },
        {
          heading: "What we built",
          children: (
            <>
              <Prose>{w.solution}</Prose>
              <ItemGrid items={w.features} />
            </>
          ),
        },
        {
          heading: "Outcomes",
          children: (
            <Outcomes>
              {w.outcomes.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </Outcomes>
          ),
        },
        {
          heading: "Gallery",
          children: (
            <Gallery>
              {w.gallery.map((g) => {
                const image = getImage(g.src?.childImageSharp?.gatsbyImageData ?? null);
                return image ? <Picture key={g.alt} image={image} alt={g.alt} /> : null;
              })}
            </Gallery>
          ),
        },
        relatedWorkSection(
          "More work",
          w.moreWork,
          <MoreLink>
            <ButtonLink to={pagePath("works")} $variant="secondary">
              Browse all case studies
            </ButtonLink>
          </MoreLink>,
        ),
      ]}
      after={<WorkPager previous={w.previous} next={w.next} />}
      topic={`a project like ${w.client}`}
    />
  );
}
