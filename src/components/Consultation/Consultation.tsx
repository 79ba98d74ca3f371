import * as React from "react";
import { withPrefix } from "gatsby";
import { useConsultation } from "../../hooks/useConsultation";
import { usePrepareModal, useSetShowModal } from "../../hooks/useLayout";
import { ButtonAnchor, ButtonLink } from "../ButtonLink";
import { CtaBand } from "../CtaBand";

/**
 * Opens the consultation modal. It is a link to /contact underneath, so it still works before
 * JavaScript has loaded or without it. A pointer over it, a finger on it or focus starts loading
 * the modal's code, so on a slow phone the click does not wait for the whole fetch.
 */
export function ConsultationButton({ variant }: { variant?: "primary" | "light" }) {
  const setShowModal = useSetShowModal();
  const prepareModal = usePrepareModal();
  const consultation = useConsultation();
  return (
    <ButtonAnchor
      href={withPrefix(consultation.to)}
      $variant={variant}
      aria-haspopup="dialog"
      onPointerEnter={prepareModal}
      onPointerDown={prepareModal}
      onFocus={prepareModal}
      onClick={(event: React.MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setShowModal(true);
      }}
    >
      {consultation.dialogLabel}
    </ButtonAnchor>
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
