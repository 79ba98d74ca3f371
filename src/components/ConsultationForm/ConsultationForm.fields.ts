import {
  BUDGETS,
  CONSULTATION_LIMITS,
  formatCount,
  NOT_SURE,
  NOT_SURE_LABEL,
} from "../../../schemas/consultationFacts";
import type { FieldName, ServiceOption } from "./ConsultationForm.model";

/**
 * The form's fields, declared once: label, control and its attributes, in the order they appear.
 * ConsultationForm.Field.tsx renders each; the consent box, whose label holds a link, is its own
 * part (ConsultationForm.Consent.tsx). What is valid is decided by schemas/consultation.ts.
 */

export type TextFieldName = Exclude<FieldName, "consent">;

interface FieldCommon {
  name: TextFieldName;
  label: string;
  /** Marked with an asterisk and announced as required. */
  required?: boolean;
  hint?: string;
  /** Spans both columns. */
  full?: boolean;
}

export interface InputSpec extends FieldCommon {
  control: "input";
  type: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: "email" | "tel";
  spellCheck?: boolean;
  maxLength: number;
}

export interface SelectSpec extends FieldCommon {
  control: "select";
  options: (services: readonly ServiceOption[]) => readonly { value: string; label: string }[];
}

export interface TextAreaSpec extends FieldCommon {
  control: "textarea";
  rows: number;
  /** Shows "n / max" under the field. */
  counterMax: number;
}

export type FieldSpec = InputSpec | SelectSpec | TextAreaSpec;

export const FIELDS: readonly FieldSpec[] = [
  {
    name: "name",
    label: "Full name",
    required: true,
    control: "input",
    type: "text",
    autoComplete: "name",
    maxLength: CONSULTATION_LIMITS.nameMax,
  },
  {
    name: "email",
    label: "Work email",
    required: true,
    control: "input",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    spellCheck: false,
    maxLength: CONSULTATION_LIMITS.emailMax,
  },
  {
    name: "phone",
    label: "Phone",
    hint: "With your country code, like +44 20 7946 0321",
    control: "input",
    type: "tel",
    inputMode: "tel",
    autoComplete: "tel",
    maxLength: CONSULTATION_LIMITS.phoneMax,
  },
  {
    name: "company",
    label: "Company",
    control: "input",
    type: "text",
    autoComplete: "organization",
    maxLength: CONSULTATION_LIMITS.companyMax,
  },
  {
    name: "service",
    label: "Service of interest",
    required: true,
    control: "select",
    // "Not sure yet" is a real answer, so the select always holds a valid value.
    options: (services) => [
      { value: NOT_SURE, label: NOT_SURE_LABEL },
      ...services.map((s) => ({ value: s.slug, label: s.title })),
    ],
  },
  {
    name: "budget",
    label: "Budget range",
    control: "select",
    options: () => [{ value: "", label: "Prefer not to say" }, ...BUDGETS],
  },
  {
    name: "details",
    label: "Project details",
    required: true,
    full: true,
    hint: `What you want to build, for whom, and where you are now (${CONSULTATION_LIMITS.detailsMin} to ${formatCount(CONSULTATION_LIMITS.detailsMax)} characters).`,
    control: "textarea",
    rows: 6,
    counterMax: CONSULTATION_LIMITS.detailsMax,
  },
];
