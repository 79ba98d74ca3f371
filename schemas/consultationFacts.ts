/**
 * The free-consultation request's fixed facts: limits, choices, messages and the fields' order.
 * No zod here: the form's first load needs these to render, while the rules that use them
 * (schemas/consultation.ts) load only when a visitor starts filling the form in (docs/adr/0009).
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
  formToken: "The form's session has expired. Send it again.",
  idempotencyKey: "The form's request key is missing. Reload the page and try again.",
  page: "The page the form was sent from is missing or not valid.",
  slug: "This reference is not valid.",
  country: "The country code must be two capital letters.",
} as const;

/** Field name to the first message about it (`context.page` for nested ones, `body` for the root). */
export type FieldErrors = Record<string, string>;

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
