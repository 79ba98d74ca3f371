import type { ConsultationContext, ConsultationRequestInput } from "../../../schemas/consultation";
import {
  BUDGETS,
  NOT_SURE,
  NOT_SURE_LABEL,
  type BudgetValue,
  type FieldErrors,
  type FieldName,
} from "../../../schemas/consultationFacts";
import { topicFromPath } from "../../../shared/routes";

/**
 * The form's pure logic: values, the request body and the mailto fallback. Validation, which needs
 * the schema (zod), is in ConsultationForm.validation.ts and loads when a visitor starts filling the form in.
 */

export interface FormValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  service: string;
  budget: string;
  details: string;
  consent: boolean;
}

export interface ServiceOption {
  slug: string;
  title: string;
}

export const emptyValues = (service = NOT_SURE): FormValues => ({
  name: "",
  email: "",
  phone: "",
  company: "",
  service,
  budget: "",
  details: "",
  consent: false,
});

/** On a service's page the select starts on that service; elsewhere on "Not sure yet". */
export function initialService(pathname: string, services: readonly ServiceOption[]): string {
  const topic = topicFromPath(pathname);
  return topic?.kind === "service" && services.some((s) => s.slug === topic.slug) ? topic.slug : NOT_SURE;
}

export interface RequestMeta {
  website: string;
  /** The server's form token (ConsultationForm.api.ts), when it gave one. */
  formToken?: string;
  idempotencyKey: string;
}

export function buildRequest(
  values: FormValues,
  context: ConsultationContext,
  meta: RequestMeta,
): ConsultationRequestInput {
  // The values have passed `validate` before a request is built.
  return {
    ...values,
    budget: values.budget as BudgetValue | "",
    consent: values.consent as true,
    ...meta,
    context,
  };
}

/** Identifies what is being sent: a retry of the same content keeps its idempotency key. */
export const contentFingerprint = (values: FormValues, context: ConsultationContext): string =>
  JSON.stringify({ values, context });

export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID().replace(/-/g, "");
  const bytes = new Uint8Array(16);
  if (cryptoApi?.getRandomValues) cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Mail clients cut long mailto: links; keep the whole link within a safe length. */
const MAILTO_DETAILS_MAX = 1500;

export function mailtoHref(
  to: string,
  values: FormValues,
  services: readonly ServiceOption[],
  page: string,
): string {
  const service =
    values.service === NOT_SURE
      ? NOT_SURE_LABEL
      : (services.find((s) => s.slug === values.service)?.title ?? values.service);
  const budget = BUDGETS.find((b) => b.value === values.budget)?.label;
  const details =
    values.details.length > MAILTO_DETAILS_MAX
      ? `${values.details.slice(0, MAILTO_DETAILS_MAX)}… (shortened: the form holds the rest)`
      : values.details;
  const lines = [
    `Name: ${values.name}`,
    `Email: ${values.email}`,
    values.phone && `Phone: ${values.phone}`,
    values.company && `Company: ${values.company}`,
    `Service: ${service}`,
    budget && `Budget: ${budget}`,
    `Sent from: ${page}`,
    "",
    "Project details:",
    details,
  ].filter((line): line is string => typeof line === "string");
  const subject = `Free consultation request${values.name ? ` from ${values.name}` : ""}`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(lines.join("\n"))}`;
}

export type { FieldErrors, FieldName };
