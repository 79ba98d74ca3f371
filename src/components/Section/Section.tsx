import * as React from "react";
import styled, { css } from "styled-components";
import { focusRingOnDark } from "../../styles/focus";
import { Container } from "../Container";
import { theme } from "../../styles/theme";

const Wrapper = styled.section<{ $tone: "plain" | "tinted" | "dark" }>`
  padding: ${theme.spacing(8, 0)};
  ${({ $tone }) =>
    $tone === "tinted" &&
    css`
      background: ${theme.colors.surface};
    `}
  ${({ $tone }) =>
    $tone === "dark" &&
    css`
      background: ${theme.colors.ink};
      color: ${theme.colors.onDark};
      ${focusRingOnDark}
      h2,
      h3 {
        color: ${theme.colors.white};
      }
      a {
        color: ${theme.colors.accentOnDark};
      }
    `}
`;

const Lead = styled.p`
  max-width: 70ch;
  font-size: 1.1rem;
  color: inherit;
  opacity: 0.92;
`;

export interface SectionProps {
  id?: string;
  heading: string;
  lead?: string | null;
  tone?: "plain" | "tinted" | "dark";
  children?: React.ReactNode;
}

/** A page section with its h2; the heading names the section for screen readers. */
export function Section({ id, heading, lead, tone = "plain", children }: SectionProps) {
  const headingId = `${id ?? heading.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-heading`;
  return (
    <Wrapper id={id} aria-labelledby={headingId} $tone={tone}>
      <Container data-aos="fade-up">
        <h2 id={headingId}>{heading}</h2>
        {lead && <Lead>{lead}</Lead>}
        {children}
      </Container>
    </Wrapper>
  );
}
