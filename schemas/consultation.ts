// zod/mini: the same validation as zod's classic API in about a fifth of the bytes, which
// matters here because this schema also runs in the browser (docs/adr/0006). The form loads it
// when a visitor starts filling it in, not with the page (docs/adr/0009).
import * as z from "zod/mini";
import {
  BUDGETS,
  CONSULTATION_LIMITS,
  MESSAGES,
  NOT_SURE,
  type BudgetValue,
  type FieldErrors,
} from "./consultationFacts";
import { SLUG_PATTERN } from "./patterns";
import { cleanText, isWellFormed } from "./text";

/**
 * The free-consultation request: one schema for the form in the browser and for the Gatsby
 * Function that receives it (src/api/consultation.ts), so both sides give the same messages.
 *
 * Every message is a fixed sentence: none of them repeats what was sent, so an error response
 * can never reflect a visitor's (or an attacker's) input back.
 */

export * from "./consultationFacts";

// Letters, digits, punctuation and spaces; no control characters (no header injection through
// a name or company that ends up in an email subject, no invisible junk in the CRM).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Multi-line text may contain line breaks and tabs, but no other control characters.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Every text field, visible or hidden, starts the same way (schemas/text.ts): refused if it is not
 * well-formed, then without invisible characters, composed (NFC) and trimmed; then refused if a
 * control character is left. `message` is the field's own, so a 400 names the field.
 */
const text = (message: string, controls: RegExp = CONTROL_CHARS) =>
  z.string({ error: message }).check(
    z.refine(isWellFormed, { error: message, abort: true }),
    z.overwrite(cleanText),
    z.trim(),
    z.refine((v) => !controls.test(v), { error: message }),
  );

const singleLine = (max: number, message: string, tooLong: string = message) =>
  text(message).check(z.maxLength(max, { error: tooLong }));

/** Optional text fields: the form sends "" for an empty field; both mean "not given". */
const optionalText = (max: number, message: string) => z._default(z.optional(singleLine(max, message)), "");

const PHONE_CHARS = /^\+[0-9\s().-]+$/;
const isPhone = (v: string): boolean => {
  if (!PHONE_CHARS.test(v)) return false;
  const digits = v.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15; // E.164 numbers have at most 15 digits
};

const slugPattern = new RegExp(SLUG_PATTERN);
const slugRef = () =>
  z
    .string({ error: MESSAGES.slug })
    .check(z.maxLength(100, { error: MESSAGES.slug }), z.regex(slugPattern, { error: MESSAGES.slug }));

const BUDGET_VALUES = BUDGETS.map((b) => b.value) as [BudgetValue, ...BudgetValue[]];

/** What the visitor types. */
export const consultationFieldsShape = {
  name: singleLine(CONSULTATION_LIMITS.nameMax, MESSAGES.name, MESSAGES.nameTooLong).check(
    z.refine((v) => v.length > 0, { error: MESSAGES.name }),
  ),
  email: z.pipe(
    text(MESSAGES.email).check(z.maxLength(CONSULTATION_LIMITS.emailMax, { error: MESSAGES.email })),
    z.email({ error: MESSAGES.email }),
  ),
  phone: optionalText(CONSULTATION_LIMITS.phoneMax, MESSAGES.phone).check(
    z.refine((v) => v === "" || isPhone(v), { error: MESSAGES.phone }),
  ),
  company: optionalText(CONSULTATION_LIMITS.companyMax, MESSAGES.company),
  service: z
    .string({ error: MESSAGES.service })
    .check(z.maxLength(100, { error: MESSAGES.service }), z.regex(slugPattern, { error: MESSAGES.service })),
  budget: z._default(
    z.optional(z.union([z.literal(""), z.enum(BUDGET_VALUES)], { error: MESSAGES.budget })),
    "",
  ),
  details: text(MESSAGES.details, CONTROL_CHARS_MULTILINE).check(
    z.minLength(CONSULTATION_LIMITS.detailsMin, { error: MESSAGES.detailsShort }),
    z.maxLength(CONSULTATION_LIMITS.detailsMax, { error: MESSAGES.detailsLong }),
  ),
  consent: z.literal(true, { error: MESSAGES.consent }),
};

export const consultationFieldsSchema = z.object(consultationFieldsShape, { error: MESSAGES.body });

/**
 * The fields schema the form uses: the same rules, plus "the service is one of the services the
 * site lists" (the list comes from content; the server, which has no content, checks the format).
 */
export function consultationFieldsSchemaFor(serviceSlugs: readonly string[]) {
  const allowed = new Set([...serviceSlugs, NOT_SURE]);
  return z.extend(consultationFieldsSchema, {
    service: consultationFieldsShape.service.check(
      z.refine((v) => allowed.has(v), { error: MESSAGES.service }),
    ),
  });
}

/** Hidden context: where the form was sent from and the visitor's saved country. */
export const consultationContextSchema = z.object(
  {
    page: text(MESSAGES.page).check(
      z.maxLength(CONSULTATION_LIMITS.pageMax, { error: MESSAGES.page }),
      // A path of this site: one slash, then no slash or backslash, no space, quote or bracket.
      z.regex(/^\/(?![/\\])[^\s<>"'`\\]*$/, { error: MESSAGES.page }),
    ),
    service: z.optional(slugRef()),
    industry: z.optional(slugRef()),
    work: z.optional(slugRef()),
    country: z.optional(
      z.string({ error: MESSAGES.country }).check(z.regex(/^[A-Z]{2}$/, { error: MESSAGES.country })),
    ),
  },
  { error: MESSAGES.page },
);

/** The JSON body of POST /api/consultation. Unknown keys are dropped, never echoed. */
export const consultationRequestSchema = z.extend(consultationFieldsSchema, {
  /** The honeypot: present and empty for people; a non-empty value marks spam. */
  website: singleLine(1000, MESSAGES.website),
  /**
   * The token the server handed out when the visitor started the form (GET /api/consultation):
   * the server measures the fill time on its own clock from it. Checked by the function.
   */
  formToken: z.optional(
    z
      .string({ error: MESSAGES.formToken })
      .check(z.regex(/^[A-Za-z0-9_.-]{1,200}$/, { error: MESSAGES.formToken })),
  ),
  idempotencyKey: z
    .string({ error: MESSAGES.idempotencyKey })
    .check(z.regex(/^[A-Za-z0-9_-]{16,100}$/, { error: MESSAGES.idempotencyKey })),
  context: consultationContextSchema,
});

export type ConsultationFields = z.output<typeof consultationFieldsSchema>;
export type ConsultationContext = z.output<typeof consultationContextSchema>;
export type ConsultationRequest = z.output<typeof consultationRequestSchema>;
export type ConsultationRequestInput = z.input<typeof consultationRequestSchema>;

/** Field name to the first message about it (`context.page` for nested ones, `body` for the root). */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    errors[key] ??= issue.message;
  }
  return errors;
}
