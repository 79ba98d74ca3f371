import * as React from "react";
import { graphql, Link, type PageProps } from "gatsby";
import { getImage } from "gatsby-plugin-image";
import styled from "styled-components";
import { ButtonLink } from "../components/ButtonLink";
import { Container } from "../components/Container";
import { Logo } from "../components/Logo";
import { PageHero } from "../components/PageHero";
import { pageHead } from "../components/Seo";
import { focusRingOnDark } from "../styles/focus";
import { media } from "../styles/media";
import { PageSections } from "../views/PageSections";

type Data = Queries.NewHomePageQuery;

const Bar = styled.header`
  position: absolute;
  inset: 0 0 auto 0;
  z-index: 10;
  ${focusRingOnDark}
  > div {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.spacing(2)};
    padding-top: ${({ theme }) => theme.spacing(2)};
  }
`;

/*
 * On a phone the logo and the button do not fit side by side (both wrapped onto two lines): the
 * button moves from the header into the hero, under the lead. One of the two is ever shown.
 */
const HeaderCta = styled(ButtonLink)`
  white-space: nowrap;
  ${media.down("sm")} {
    display: none;
  }
`;

const HeroCta = styled(ButtonLink)`
  ${media.up("sm")} {
    display: none;
  }
`;

const Foot = styled.footer`
  padding: ${({ theme }) => theme.spacing(4, 0)};
  border-top: 1px solid ${({ theme }) => theme.colors.line};
  > div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.spacing(3)};
    justify-content: space-between;
  }
  a {
    display: inline-block;
    padding: ${({ theme }) => theme.spacing(1, 0)};
  }
`;

/** The new home page renders on its own (spec route rule): its own small header and footer. */
export default function NewHomeTemplate({ data }: PageProps<Data>) {
  const page = data.page!;
  const site = data.siteSettings!;
  const hero = getImage(page.hero?.src?.childImageSharp?.gatsbyImageData ?? null);
  return (
    <>
      <Bar>
        <Container>
          <Logo name={site.name} light />
          <HeaderCta to="/contact" $variant="light">
            Book free consultation
          </HeaderCta>
        </Container>
      </Bar>
      <main id="main">
        <PageHero
          tone="dark"
          headline={page.headline}
          lead={page.intro}
          image={hero && page.hero ? { data: hero, alt: page.hero.alt } : null}
        >
          <HeroCta to="/contact" $variant="light">
            Book free consultation
          </HeroCta>
        </PageHero>
        <PageSections page={page} />
      </main>
      <Foot>
        <Container>
          <p>
            © {site.name}. {site.address.city}, {site.address.country}.
          </p>
          <nav aria-label="Footer">
            <Link to="/">Home</Link> · <Link to="/works">Portfolio</Link> · <Link to="/contact">Contact</Link>
          </nav>
        </Container>
      </Foot>
    </>
  );
}

export const query = graphql`
  query NewHomePage($slug: String!) {
    siteSettings {
      name
      address {
        city
        country
      }
    }
    page(slug: { eq: $slug }) {
      title
      description
      headline
      intro
      hero {
        alt
        src {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED, placeholder: NONE)
          }
        }
      }
      ...PageSectionsData
    }
  }
`;

export const Head = pageHead({ noindex: true });
