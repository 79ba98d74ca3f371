import * as React from "react";
import { useConsultation } from "../../hooks/useConsultation";
import { useLayout } from "../../hooks/useLayout";
import { ButtonLink } from "../ButtonLink";
import { CtaBand } from "../CtaBand";

/**
 * Opens the consultation modal. It is a link to /contact underneath, so it still works before
 * JavaScript has loaded or without it.
 */
export function ConsultationButton({ variant }: { variant?: "primary" | "light" }) {
  const { setShowModal } = useLayout();
  const consultation = useConsultation();
  return (
    <ButtonLink
      to={consultation.to}
      $variant={variant}
      aria-haspopup="dialog"
      onClick={(event: React.MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setShowModal(true);
      }}
    >
      {consultation.dialogLabel}
    </ButtonLink>
  );
}

/** The closing band on service, industry and case-study pages. */
export function ConsultationCta({ topic }: { topic: string }) {
  const consultation = useConsultation();
  return (
    <CtaBand
      heading={`Talk to us about ${topic}`}
      body={consultation.pitch}
      label={consultation.dialogLabel}
      action={<ConsultationButton variant="light" />}
    />
  );
}

/** A link to the consultation page with the label from content/navigation.yaml. */
export function ConsultationLink(props: Omit<React.ComponentProps<typeof ButtonLink>, "to" | "children">) {
  const consultation = useConsultation();
  return (
    <ButtonLink {...props} to={consultation.to}>
      {consultation.label}
    </ButtonLink>
  );
}
