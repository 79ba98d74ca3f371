import * as React from "react";
import { pagePath } from "../../../shared/routes";
import { FieldError } from "./ConsultationForm.Field";
import * as S from "./ConsultationForm.styles";

/** The consent box: its label names the company and links the privacy notice. */
export function Consent({
  id,
  siteName,
  checked,
  error,
  onChange,
}: {
  id: string;
  siteName: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <S.Consent>
      <input
        id={id}
        name="consent"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <S.Label htmlFor={id}>
        I agree that {siteName} may contact me about this request, as described in the{" "}
        <a href={pagePath("privacy")} target="_blank" rel="noopener noreferrer">
          privacy notice (opens in a new tab)
        </a>
        .<S.Required aria-hidden="true">*</S.Required>
      </S.Label>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </S.Consent>
  );
}
