import * as React from "react";
import { FIELD_ORDER, type FieldErrors } from "../../../schemas/consultationFacts";
import { Panel } from "./ConsultationForm.styles";

export interface ErrorSummaryProps {
  titleId: string;
  heading: "h2" | "h3";
  errors: FieldErrors;
  /** The id of a field's control, for the links. */
  fieldId: (field: string) => string;
}

/** The form's own fields; other keys (a server message about the hidden context) are not links. */
const FORM_FIELDS = new Set<string>(FIELD_ORDER);

/** Every problem at the top of the form, each a link that focuses its field. */
export const ErrorSummary = React.forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { titleId, heading: Heading, errors, fieldId },
  ref,
) {
  function focusField(event: React.MouseEvent<HTMLAnchorElement>, field: string) {
    const target = document.getElementById(fieldId(field));
    if (!target) return;
    // Focus the field itself (a plain #anchor would only scroll, and would change the URL).
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: "center" });
  }

  return (
    <Panel $tone="error" role="alert" ref={ref} tabIndex={-1} aria-labelledby={titleId}>
      <Heading id={titleId}>There is a problem with your request</Heading>
      <ul>
        {Object.entries(errors).map(([field, message]) => (
          <li key={field}>
            {FORM_FIELDS.has(field) ? (
              <a href={`#${fieldId(field)}`} onClick={(e) => focusField(e, field)}>
                {message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
});
