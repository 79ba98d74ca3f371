/** @jest-environment node */
import {
  BUDGETS,
  CONSULTATION_LIMITS,
  consultationFieldsSchema,
  consultationFieldsSchemaFor,
  consultationRequestSchema,
  fieldErrors,
  formatCount,
  MESSAGES,
  NOT_SURE,
} from "../consultation";
import { validRequest } from "../../test/consultation";

const errorsOf = (input: unknown) => {
  const result = consultationRequestSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe("the consultation request schema", () => {
  test("accepts a complete request and trims the text", () => {
    const result = consultationRequestSchema.parse(validRequest({ name: "  Ada Lovelace  " }));
    expect(result.name).toBe("Ada Lovelace");
    expect(result.context).toEqual({
      page: "/services/nlp-solutions",
      service: "nlp-solutions",
      country: "GB",
    });
  });

  test("optional fields may be empty strings or missing", () => {
    const { phone: _p, company: _c, budget: _b, ...rest } = validRequest();
    expect(consultationRequestSchema.parse(rest)).toMatchObject({ phone: "", company: "", budget: "" });
    expect(
      consultationRequestSchema.safeParse(validRequest({ phone: "", company: "", budget: "" })).success,
    ).toBe(true);
  });

  test("each required field missing gets its own message", () => {
    expect(errorsOf({})).toEqual({
      name: MESSAGES.name,
      email: MESSAGES.email,
      service: MESSAGES.service,
      details: MESSAGES.details,
      consent: MESSAGES.consent,
      website: MESSAGES.website,
      idempotencyKey: MESSAGES.idempotencyKey,
      context: MESSAGES.page,
    });
  });

  test.each([
    ["name", "   ", MESSAGES.name],
    ["name", "x".repeat(CONSULTATION_LIMITS.nameMax + 1), MESSAGES.nameTooLong],
    ["name", "Ada\r\nBcc: spam@example.com", MESSAGES.name],
    ["email", "ada@", MESSAGES.email],
    ["email", "ada lovelace@example.com", MESSAGES.email],
    ["phone", "020 7946 0321", MESSAGES.phone],
    ["phone", "+44", MESSAGES.phone],
    ["phone", "+44 20 7946 0321 ext 5", MESSAGES.phone],
    ["company", "c".repeat(CONSULTATION_LIMITS.companyMax + 1), MESSAGES.company],
    ["service", "<script>", MESSAGES.service],
    ["budget", "a million", MESSAGES.budget],
    ["details", "too short", MESSAGES.detailsShort],
    ["details", "d".repeat(CONSULTATION_LIMITS.detailsMax + 1), MESSAGES.detailsLong],
    ["consent", false, MESSAGES.consent],
    ["consent", "true", MESSAGES.consent],
    ["formToken", "<script>", MESSAGES.formToken],
    ["idempotencyKey", "short", MESSAGES.idempotencyKey],
  ])("%s = %j is rejected with a fixed message", (field, value, message) => {
    expect(errorsOf(validRequest({ [field]: value }))).toEqual({ [field]: message });
  });

  test("project details accept 20 to 5000 characters, line breaks included", () => {
    const twenty = "a".repeat(CONSULTATION_LIMITS.detailsMin);
    const max = `${"b".repeat(CONSULTATION_LIMITS.detailsMax - 2)}\r\n`;
    expect(errorsOf(validRequest({ details: twenty }))).toEqual({});
    expect(errorsOf(validRequest({ details: `line one\nline two\n\tindented line three` }))).toEqual({});
    expect(errorsOf(validRequest({ details: max.trimEnd() }))).toEqual({});
  });

  test("phone numbers with a country code are accepted in common formats", () => {
    for (const phone of ["+44 20 7946 0321", "+1 (415) 555-0134", "+971-4-123-4567", "+6561234567"]) {
      expect(errorsOf(validRequest({ phone }))).toEqual({});
    }
  });

  test("every budget option is valid", () => {
    for (const { value } of BUDGETS) expect(errorsOf(validRequest({ budget: value }))).toEqual({});
  });

  test("the hidden context is checked: a same-site path, slugs and a two-letter country", () => {
    expect(errorsOf(validRequest({ context: { page: "https://evil.example/" } }))).toEqual({
      "context.page": MESSAGES.page,
    });
    expect(errorsOf(validRequest({ context: { page: "//evil.example" } }))).toHaveProperty(["context.page"]);
    expect(errorsOf(validRequest({ context: { page: '/a"><script>' } }))).toHaveProperty(["context.page"]);
    expect(errorsOf(validRequest({ context: { page: "/", country: "gb" } }))).toEqual({
      "context.country": MESSAGES.country,
    });
    expect(errorsOf(validRequest({ context: { page: "/", industry: "Not A Slug" } }))).toEqual({
      "context.industry": MESSAGES.slug,
    });
    expect(errorsOf(validRequest({ context: { page: "/contact" } }))).toEqual({});
  });

  test("a body that is not an object is one error on the body", () => {
    for (const body of [null, [], "text", 42, true]) expect(errorsOf(body)).toEqual({ body: MESSAGES.body });
  });

  test("unknown keys are dropped and never appear in errors", () => {
    const result = consultationRequestSchema.safeParse({ ...validRequest(), "<img src=x>": 1, admin: true });
    expect(result.success).toBe(true);
    expect(Object.keys(result.data!)).not.toContain("admin");
    expect(Object.keys(errorsOf({ "<b>": 1 }))).not.toContain("<b>");
  });

  test("no message repeats the input", () => {
    const evil = "<script>alert(1)</script>";
    const input = Object.fromEntries(Object.keys(validRequest()).map((k) => [k, evil]));
    const messages = Object.values(errorsOf(input));
    expect(messages.length).toBeGreaterThan(5);
    for (const m of messages) expect(m).not.toContain("<script>");
  });
});

describe("the form's schema (fields only, services from content)", () => {
  const fields = () => {
    const { website: _w, formToken: _t, idempotencyKey: _i, context: _c, ...rest } = validRequest();
    return rest;
  };

  test("the fields schema is the request schema without the hidden parts", () => {
    expect(consultationFieldsSchema.safeParse(fields()).success).toBe(true);
  });

  test("the service must be one of the listed services or 'Not sure yet'", () => {
    const schema = consultationFieldsSchemaFor(["nlp-solutions", "ui-design"]);
    expect(schema.safeParse({ ...fields(), service: "ui-design" }).success).toBe(true);
    expect(schema.safeParse({ ...fields(), service: NOT_SURE }).success).toBe(true);
    const other = schema.safeParse({ ...fields(), service: "graphic-design" });
    expect(other.success).toBe(false);
    expect(fieldErrors(other.error!)).toEqual({ service: MESSAGES.service });
  });

  test("an empty choice is reported with the service message", () => {
    const schema = consultationFieldsSchemaFor(["nlp-solutions"]);
    const result = schema.safeParse({ ...fields(), service: "" });
    expect(fieldErrors(result.error!)).toEqual({ service: MESSAGES.service });
  });
});

describe("formatCount", () => {
  test("writes thousands separators as en-GB does", () => {
    for (const n of [0, 7, 999, 1000, 5000, 12345, 1234567]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-GB"));
    }
  });
});
