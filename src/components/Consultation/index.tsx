import * as React from "react";
import { ButtonLink } from "../ButtonLink";
import { CtaBand } from "../CtaBand";

/** Opens the free consultation (a link to /contact until the modal exists). */
export function ConsultationButton({ variant }: { variant?: "primary" | "light" }) {
  return (
    <ButtonLink to="/contact" $variant={variant}>
      Get a free consultation
    </ButtonLink>
  );
}

/** The closing band on service, industry and case-study pages. */
export function ConsultationCta({ topic }: { topic: string }) {
  return (
    <CtaBand
      heading={`Talk to us about ${topic}`}
      body="Book a free 30-minute consultation with a senior engineer. You leave with a clear view of scope, risks and a realistic timeline, whether or not we work together."
      label="Get a free consultation"
      action={<ConsultationButton variant="light" />}
    />
  );
}
