import {
  consultationContextSchema,
  consultationFieldsSchemaFor,
  fieldErrors,
  FIELD_ORDER,
  type ConsultationContext,
  type FieldErrors,
} from "../../../schemas/consultation";
import { topicFromPath } from "../../../shared/routes";
import type { FormValues, ServiceOption } from "./ConsultationForm.model";

/**
 * The form's checks against the shared schema. This module brings zod, so the form imports it
 * with `loadValidation()` when a visitor starts filling it in, not with the page (ADR 0009).
 */

/** Every problem with the values, keyed by field, in the form's order. */
export function validate(values: FormValues, services: readonly ServiceOption[]): FieldErrors {
  const result = consultationFieldsSchemaFor(services.map((s) => s.slug)).safeParse(values);
  if (result.success) return {};
  const errors = fieldErrors(result.error);
  return Object.fromEntries(FIELD_ORDER.filter((f) => errors[f]).map((f) => [f, errors[f]]));
}

/** The hidden context, cleaned so that nothing the visitor cannot see or fix can make it invalid. */
export function buildContext(pathname: string, savedCountry: string | null | undefined): ConsultationContext {
  const page = consultationContextSchema.shape.page.safeParse(pathname).success ? pathname : "/";
  const context: ConsultationContext = { page };
  const topic = topicFromPath(page);
  if (topic && consultationContextSchema.shape[topic.kind].safeParse(topic.slug).success) {
    context[topic.kind] = topic.slug;
  }
  const country = savedCountry?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) context.country = country;
  return context;
}
