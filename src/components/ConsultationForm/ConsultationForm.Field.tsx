import * as React from "react";
import { formatCount } from "../../../schemas/consultationFacts";
import type { FieldSpec } from "./ConsultationForm.fields";
import type { ServiceOption } from "./ConsultationForm.model";
import * as S from "./ConsultationForm.styles";

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
    <S.FieldWrap $full={full}>
      <S.Label htmlFor={id}>
        {label}
        {required ? <S.Required aria-hidden="true">*</S.Required> : <S.Optional> (optional)</S.Optional>}
      </S.Label>
      {hint && <S.Hint id={hintId}>{hint}</S.Hint>}
      {error && <FieldError id={errorId!}>{error}</FieldError>}
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        "aria-required": required ? true : undefined,
      })}
      {after}
    </S.FieldWrap>
  );
}

export function FieldError({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <S.ErrorText id={id}>
      <span className="visually-hidden">Error: </span>
      {children}
    </S.ErrorText>
  );
}

type ChangeEvent = React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

/** One field of the table in ConsultationForm.fields.ts, with its value and its error. */
export function FormField({
  spec,
  id,
  value,
  error,
  services,
  onChange,
}: {
  spec: FieldSpec;
  id: string;
  value: string;
  error?: string;
  services: readonly ServiceOption[];
  onChange: (value: string) => void;
}) {
  const common = {
    name: spec.name,
    value,
    onChange: (event: ChangeEvent) => onChange(event.target.value),
    $invalid: Boolean(error),
  };
  const counter =
    spec.control === "textarea" ? (
      <S.Counter $over={value.length > spec.counterMax} aria-hidden="true">
        {formatCount(value.length)} / {formatCount(spec.counterMax)}
      </S.Counter>
    ) : undefined;
  return (
    <Field
      id={id}
      label={spec.label}
      required={spec.required}
      hint={spec.hint}
      error={error}
      full={spec.full}
      after={counter}
    >
      {(control) => {
        switch (spec.control) {
          case "input":
            return (
              <S.Input
                {...control}
                {...common}
                type={spec.type}
                inputMode={spec.inputMode}
                autoComplete={spec.autoComplete}
                spellCheck={spec.spellCheck}
                maxLength={spec.maxLength}
                required={spec.required}
              />
            );
          case "textarea":
            return <S.TextArea {...control} {...common} rows={spec.rows} required={spec.required} />;
          case "select":
            // No `required` attribute: HTML asks a required select to start with an empty
            // placeholder option, and these selects always hold an answer. `aria-required` (from
            // the control props) still announces a required one as such.
            return (
              <S.Select {...control} {...common}>
                {spec.options(services).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </S.Select>
            );
        }
      }}
    </Field>
  );
}
