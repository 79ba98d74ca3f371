import * as React from "react";
import styled from "styled-components";
import { useConsultation } from "../../hooks/useConsultation";
import { focusRingOnDark } from "../../styles/focus";
import { ButtonLink } from "../ButtonLink";
import { Container } from "../Container";
import { theme } from "../../styles/theme";

const Band = styled.section`
  background: ${theme.colors.ink};
  color: ${theme.colors.onDark};
  padding: ${theme.spacing(8, 0)};
  ${focusRingOnDark}
  h2 {
    color: ${theme.colors.white};
  }
  p {
    max-width: 60ch;
    font-size: 1.1rem;
  }
`;

export interface CtaBandProps {
  heading: string;
  body: string;
  label: string;
  /** Rendered instead of the default link to the consultation page (e.g. a button that opens the modal). */
  action?: React.ReactNode;
}

/** The closing call to action: book a free consultation. */
export function CtaBand({ heading, body, label, action }: CtaBandProps) {
  const consultation = useConsultation();
  return (
    <Band aria-labelledby="cta-heading">
      <Container>
        <h2 id="cta-heading">{heading}</h2>
        <p>{body}</p>
        {action ?? (
          <ButtonLink to={consultation.to} $variant="light">
            {label}
          </ButtonLink>
        )}
      </Container>
    </Band>
  );
}
