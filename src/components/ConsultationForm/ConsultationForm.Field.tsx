import * as React from "react";
import { ErrorText, FieldWrap, Hint, Label, Optional, Required } from "./ConsultationForm.styles";

export interface ControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: React.ReactNode;
  error?: string;
  full?: boolean;
  /** Renders the control with its id and ARIA wiring (label, hint and error). */
  children: (control: ControlProps) => React.ReactNode;
  after?: React.ReactNode;
}

/** A labelled form control with its hint and its error message, wired for assistive technology. */
export function Field({ id, label, required, hint, error, full, children, after }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <FieldWrap $full={full}>
      <Label htmlFor={id}>
        {label}
        {required ? <Required aria-hidden="true">*</Required> : <Optional> (optional)</Optional>}
      </Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && <FieldError id={errorId!}>{error}</FieldError>}
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
      })}
      {after}
    </FieldWrap>
  );
}

export function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <ErrorText id={id}>
      <span className="visually-hidden">Error: </span>
      {children}
    </ErrorText>
  );
}
