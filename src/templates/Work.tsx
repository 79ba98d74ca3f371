import * as React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { GatsbyImage, getImage } from "gatsby-plugin-image";
import styled from "styled-components";
import { pathFor, type PageContext } from "../../gatsby/lib/routes";
import { socialImagePath } from "../../gatsby/lib/socialImages";
import { platformLabel } from "../../schemas/platforms";
import { ButtonLink } from "../components/ButtonLink";
import { ItemGrid, LinkCardGrid } from "../components/Cards";
import { ConsultationButton, ConsultationCta } from "../components/Consultation";
import { Container } from "../components/Container";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { Seo } from "../components/Seo";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { workCard } from "../lib/cards";
import { article } from "../lib/seo/structuredData";
import { media } from "../styles/media";

type Data = Queries.WorkPageQuery;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2, 4)};
  margin: 0;
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.colors.line};
  border-radius: ${({ theme }) => theme.radius * 2}px;
  ${media.up("sm")} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.up("md")} {
    grid-template-columns: repeat(3, 1fr);
  }
  dt {
    font-size: 0.85rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
  }
`;

const Prose = styled.p`
  max-width: 75ch;
  font-size: 1.075rem;
`;

const Gallery = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(3)};
  ${media.up("md")} {
    grid-template-columns: 1fr 1fr;
  }
  > * {
    border-radius: ${({ theme }) => theme.radius * 2}px;
  }
`;

const Outcomes = styled.ul`
  max-width: 75ch;
  li {
    margin-bottom: ${({ theme }) => theme.spacing(1.5)};
  }
`;

const MoreLink = styled.p`
  margin: ${({ theme }) => theme.spacing(4, 0, 0)};
`;

const Pager = styled.nav`
  padding: ${({ theme }) => theme.spacing(4, 0)};
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(2)};
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => theme.spacing(1, 0)};
    font-weight: 600;
  }
`;

const joinLinks = (links: { to: string; label: string }[]) =>
  links.map((l, i) => (
    <React.Fragment key={l.to}>
      {i > 0 && ", "}
      <Link to={l.to}>{l.label}</Link>
    </React.Fragment>
  ));

export default function WorkTemplate({ data }: PageProps<Data>) {
  const w = data.work!;
  const cover = getImage(w.cover.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <PageHero
        eyebrow={w.client}
        headline={w.headline}
        lead={w.description}
        crumbs={[
          { to: "/", label: "Home" },
          { to: "/works", label: "Portfolio" },
          { to: pathFor("work", w.slug), label: w.client },
        ]}
        image={cover ? { data: cover, alt: w.cover.alt } : null}
      >
        <ConsultationButton />
      </PageHero>
      <Section heading="At a glance">
        <Facts>
          <div>
            <dt>Client</dt>
            <dd>{w.client}</dd>
          </div>
          <div>
            <dt>Industry</dt>
            <dd>{joinLinks([{ to: pathFor("industry", w.industry.slug), label: w.industry.title }])}</dd>
          </div>
          <div>
            <dt>Services</dt>
            <dd>{joinLinks(w.services.map((s) => ({ to: pathFor("service", s.slug), label: s.title })))}</dd>
          </div>
          <div>
            <dt>Platforms</dt>
            <dd>{w.platforms.map(platformLabel).join(", ")}</dd>
          </div>
          <div>
            <dt>Region</dt>
            <dd>{w.region}</dd>
          </div>
          <div>
            <dt>Year</dt>
            <dd>{w.year}</dd>
          </div>
          <div>
            <dt>Stack</dt>
            <dd>{w.stack.join(", ")}</dd>
          </div>
        </Facts>
      </Section>
      <Section heading="The challenge" tone="tinted">
        <Prose>{w.challenge}</Prose>
      </Section>
      <Section heading="What we built">
        <Prose>{w.solution}</Prose>
        <ItemGrid items={w.features} />
      </Section>
      <Section heading="Outcomes" tone="tinted">
        <Outcomes>
          {w.outcomes.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </Outcomes>
      </Section>
      <Section heading="Gallery">
        <Gallery>
          {w.gallery.map((g) => {
            const image = getImage(g.src?.childImageSharp?.gatsbyImageData ?? null);
            return image ? <GatsbyImage key={g.alt} image={image} alt={g.alt} /> : null;
          })}
        </Gallery>
      </Section>
      {w.moreWork.length > 0 && (
        <Section heading="More work" tone="tinted">
          <LinkCardGrid items={w.moreWork.map(workCard)} min={300} />
          <MoreLink>
            <ButtonLink to="/works" $variant="secondary">
              Browse all case studies
            </ButtonLink>
          </MoreLink>
        </Section>
      )}
      <Container>
        <Pager aria-label="Case studies">
          <ul>
            {w.previous && (
              <li>
                <Link to={pathFor("work", w.previous.slug)} rel="prev">
                  ← Previous: {w.previous.client}
                </Link>
              </li>
            )}
            {w.next && (
              <li>
                <Link to={pathFor("work", w.next.slug)} rel="next">
                  Next: {w.next.client} →
                </Link>
              </li>
            )}
          </ul>
        </Pager>
      </Container>
      <ConsultationCta topic={`a project like ${w.client}`} />
    </>
  );
}

export const query = graphql`
  query WorkPage($slug: String!) {
    work(slug: { eq: $slug }) {
      slug
      client
      title
      description
      headline
      industry {
        slug
        title
      }
      services {
        slug
        title
      }
      platforms
      stack
      region
      year
      challenge
      solution
      features {
        title
        description
      }
      outcomes
      cover {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: NONE)
          }
        }
      }
      gallery {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 720, layout: CONSTRAINED)
          }
        }
      }
      moreWork {
        ...WorkCard
      }
      previous {
        slug
        client
      }
      next {
        slug
        client
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<Data, PageContext>) {
  const w = data.work!;
  const { siteUrl } = useSiteSettings();
  const image = socialImagePath("work", w.slug);
  return (
    <Seo
      title={w.title}
      description={w.description}
      pathname={location.pathname}
      type="article"
      image={image}
      breadcrumbs={pageContext.breadcrumbs}
      structuredData={[
        article(siteUrl, {
          headline: w.headline,
          description: w.description,
          path: pathFor("work", w.slug),
          image: `${siteUrl}${image}`,
          client: w.client,
        }),
      ]}
    />
  );
}
