import * as React from "react";
import { Link } from "gatsby";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { Picture } from "../Picture";
import styled, { css } from "styled-components";
import { focusRingOnDark } from "../../styles/focus";
import { media } from "../../styles/media";
import type { Crumb } from "../../../shared/routes";
import { Container } from "../Container";
import { theme } from "../../styles/theme";

const Wrapper = styled.div<{ $tone: "light" | "dark" }>`
  /* Room for the fixed navbar above the heading. */
  padding: ${theme.spacing(16, 0, 8)};
  ${({ $tone }) =>
    $tone === "dark"
      ? css`
          background: radial-gradient(circle at 85% 10%, #2b3a55 0%, ${theme.colors.ink} 55%);
          color: ${theme.colors.onDark};
          ${focusRingOnDark}
          h1 {
            color: ${theme.colors.white};
          }
        `
      : css`
          background: linear-gradient(180deg, ${theme.colors.surface} 0%, ${theme.colors.white} 100%);
        `}
`;

const Inner = styled(Container)<{ $withImage: boolean }>`
  display: grid;
  gap: ${theme.spacing(5)};
  align-items: center;
  ${media.up("md")} {
    grid-template-columns: ${({ $withImage }) => ($withImage ? "1.1fr 1fr" : "1fr")};
  }
`;

const Eyebrow = styled.p<{ $tone: "light" | "dark" }>`
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  font-size: 0.85rem;
  color: ${({ $tone }) => ($tone === "dark" ? theme.colors.accentOnDark : theme.colors.accent)};
`;

/*
 * On phones the calls to action come right under the headline, before the lead: after a long
 * lead they sat at the very bottom of the first screen, where the bottom area (consent banner,
 * country-site suggestion) covered them (issue 16). Only the visual order changes; the lead has
 * nothing focusable, so the focus order is the same.
 */
const Text = styled.div`
  ${media.down("md")} {
    display: flex;
    flex-direction: column;
  }
`;

const Lead = styled.p`
  font-size: 1.2rem;
  max-width: 60ch;
  ${media.down("md")} {
    order: 1;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.spacing(2)};
  margin-top: ${theme.spacing(3)};
  ${media.down("md")} {
    margin: ${theme.spacing(1, 0, 3)};
  }
`;

const Crumbs = styled.nav<{ $tone: "light" | "dark" }>`
  ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.spacing(1)};
    padding: 0;
    margin: ${theme.spacing(0, 0, 2)};
    font-size: 0.9rem;
  }
  /* A separator drawn, never read (an empty alternative text; the first declaration is for
     browsers without it). */
  li + li::before {
    content: "/";
    content: "/" / "";
    margin-right: ${theme.spacing(1)};
    opacity: 0.6;
  }
  a {
    color: ${({ $tone }) => ($tone === "dark" ? theme.colors.onDark : theme.colors.muted)};
  }
`;

const Figure = styled.div`
  border-radius: ${theme.radius * 3}px;
  overflow: hidden;
  box-shadow: 0 20px 50px rgba(14, 26, 43, 0.25);
`;

export interface PageHeroProps {
  headline: string;
  lead?: string | null;
  eyebrow?: string | null;
  tone?: "light" | "dark";
  /** The route table's trail (pageContext.breadcrumbs), the same one the Head serialises. */
  crumbs?: readonly Crumb[];
  image?: { data: IGatsbyImageData; alt: string } | null;
  children?: React.ReactNode;
}

/** The top of every page: breadcrumbs, the page's h1, a lead and calls to action. */
export function PageHero({
  headline,
  lead,
  eyebrow,
  tone = "light",
  crumbs,
  image,
  children,
}: PageHeroProps) {
  return (
    <Wrapper $tone={tone}>
      <Inner $withImage={Boolean(image)}>
        <Text>
          {crumbs && crumbs.length > 0 && (
            <Crumbs aria-label="Breadcrumb" $tone={tone}>
              <ol>
                {crumbs.map((c, i) => (
                  <li key={c.path}>
                    {i === crumbs.length - 1 ? (
                      <span aria-current="page">{c.title}</span>
                    ) : (
                      <Link to={c.path}>{c.title}</Link>
                    )}
                  </li>
                ))}
              </ol>
            </Crumbs>
          )}
          {eyebrow && <Eyebrow $tone={tone}>{eyebrow}</Eyebrow>}
          <h1>{headline}</h1>
          {lead && <Lead>{lead}</Lead>}
          {children && <Actions>{children}</Actions>}
        </Text>
        {image && (
          <Figure>
            <Picture image={image.data} alt={image.alt} loading="eager" />
          </Figure>
        )}
      </Inner>
    </Wrapper>
  );
}
