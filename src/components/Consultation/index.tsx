import * as React from "react";
import { useLayout } from "../../layout/LayoutContext";
import { ButtonLink } from "../ButtonLink";
import { CtaBand } from "../CtaBand";

/**
 * Opens the consultation modal. It is a link to /contact underneath, so it still works before
 * JavaScript has loaded or without it.
 */
export function ConsultationButton({ variant }: { variant?: "primary" | "light" }) {
  const { setShowModal } = useLayout();
  return (
    <ButtonLink
      to="/contact"
      $variant={variant}
      aria-haspopup="dialog"
      onClick={(event: React.MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setShowModal(true);
      }}
    >
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
