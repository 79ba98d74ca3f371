// zod/mini: the same validation as zod's classic API in about a fifth of the bytes, which
// matters here because this schema ships to the browser with the form (docs/adr/0006).
import * as z from "zod/mini";
import { SLUG_PATTERN } from "./patterns";

/**
 * The free-consultation request: one schema for the form in the browser and for the Gatsby
 * Function that receives it (src/api/consultation.ts), so both sides give the same messages.
 *
 * Every message is a fixed sentence: none of them repeats what was sent, so an error response
 * can never reflect a visitor's (or an attacker's) input back.
 */

export const CONSULTATION_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  companyMax: 120,
  detailsMin: 20,
  detailsMax: 5000,
  pageMax: 300,
} as const;

/** Submissions made faster than this after the form was opened are treated as spam. */
export const MIN_FILL_MS = 3000;

/** The service select's "Not sure yet" value (the other values are service slugs from content). */
export const NOT_SURE = "not-sure";
export const NOT_SURE_LABEL = "Not sure yet";

export const BUDGETS = [
  { value: "under-10k", label: "Under £10,000" },
  { value: "10k-25k", label: "£10,000 to £25,000" },
  { value: "25k-50k", label: "£25,000 to £50,000" },
  { value: "50k-100k", label: "£50,000 to £100,000" },
  { value: "over-100k", label: "More than £100,000" },
  { value: NOT_SURE, label: NOT_SURE_LABEL },
] as const;

export type BudgetValue = (typeof BUDGETS)[number]["value"];

/**
 * A count with thousands separators, as en-GB writes it ("5,000"). Not toLocaleString: in the
 * browser its first call loads ICU number formatting, main-thread time the form does not need.
 */
export const formatCount = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export const MESSAGES = {
  body: "Send the form fields as one JSON object.",
  name: "Enter your full name.",
  nameTooLong: `Enter a name of up to ${CONSULTATION_LIMITS.nameMax} characters.`,
  email: "Enter a work email address in the right format, like name@company.com.",
  phone: "Enter a phone number with its country code, starting with +, like +44 20 7946 0321.",
  company: `Enter a company name of up to ${CONSULTATION_LIMITS.companyMax} characters.`,
  service: "Choose the service you are interested in, or 'Not sure yet'.",
  budget: "Choose a budget range from the list, or leave it empty.",
  detailsShort: `Tell us a little more about your project: at least ${CONSULTATION_LIMITS.detailsMin} characters.`,
  detailsLong: `Keep the project details to ${formatCount(CONSULTATION_LIMITS.detailsMax)} characters or fewer; you can send more after we reply.`,
  details: "Tell us about your project.",
  consent: "Tick the box to agree that we may contact you about this request.",
  website: "Leave this field empty.",
  startedAt: "The form's start time is missing. Reload the page and try again.",
  sentAt: "The form's send time is not valid. Reload the page and try again.",
  idempotencyKey: "The form's request key is missing. Reload the page and try again.",
  page: "The page the form was sent from is missing or not valid.",
  slug: "This reference is not valid.",
  country: "The country code must be two capital letters.",
} as const;

// Letters, digits, punctuation and spaces; no control characters (no header injection through
// a name or company that ends up in an email subject, no invisible junk in the CRM).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// Multi-line text may contain line breaks and tabs, but no other control characters.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const singleLine = (max: number, message: string, tooLong: string = message) =>
  z.string({ error: message }).check(
    z.trim(),
    z.maxLength(max, { error: tooLong }),
    z.refine((v) => !CONTROL_CHARS.test(v), { error: message }),
  );

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
    z
      .string({ error: MESSAGES.email })
      .check(z.trim(), z.maxLength(CONSULTATION_LIMITS.emailMax, { error: MESSAGES.email })),
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
  details: z.string({ error: MESSAGES.details }).check(
    z.trim(),
    z.minLength(CONSULTATION_LIMITS.detailsMin, { error: MESSAGES.detailsShort }),
    z.maxLength(CONSULTATION_LIMITS.detailsMax, { error: MESSAGES.detailsLong }),
    z.refine((v) => !CONTROL_CHARS_MULTILINE.test(v), { error: MESSAGES.details }),
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
    page: z
      .string({ error: MESSAGES.page })
      .check(
        z.maxLength(CONSULTATION_LIMITS.pageMax, { error: MESSAGES.page }),
        z.regex(/^\/(?!\/)[^\s<>"'`\\]*$/, { error: MESSAGES.page }),
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

/** A whole number above zero (a time in ms since the epoch). */
const positiveInt = (message: string) => z.int({ error: message }).check(z.positive({ error: message }));

/** The JSON body of POST /api/consultation. Unknown keys are dropped, never echoed. */
export const consultationRequestSchema = z.extend(consultationFieldsSchema, {
  /** The honeypot: present and empty for people; a non-empty value marks spam. */
  website: z.string({ error: MESSAGES.website }).check(z.maxLength(1000, { error: MESSAGES.website })),
  /** When the form was opened (ms since the epoch, visitor's clock). */
  startedAt: positiveInt(MESSAGES.startedAt),
  /**
   * When it was sent (ms, visitor's clock). Optional; when present the fill time is measured on
   * one clock, so a visitor whose clock is ahead of the server's is not mistaken for a bot.
   */
  sentAt: z.optional(positiveInt(MESSAGES.sentAt)),
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
export type FieldErrors = Record<string, string>;

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

/** The order fields appear in the form, for the error summary. */
export const FIELD_ORDER = [
  "name",
  "email",
  "phone",
  "company",
  "service",
  "budget",
  "details",
  "consent",
] as const;

export type FieldName = (typeof FIELD_ORDER)[number];
