import { MESSAGES, NOT_SURE } from "../../../../schemas/consultation";
import { services } from "../../../../test/siteData";
import { emptyValues, initialService, mailtoHref, newIdempotencyKey } from "../ConsultationForm.model";
import { buildContext, validate } from "../ConsultationForm.validation";
import { reducer, initialState } from "../ConsultationForm.state";

const filled = () => ({
  ...emptyValues(),
  name: "Ada Lovelace",
  email: "ada@analytical.example",
  details: "A chatbot for our support team, in English and French.",
  consent: true,
});

describe("form model", () => {
  test("the service select starts on the page's service, or on 'Not sure yet'", () => {
    expect(initialService("/services/nlp-solutions", services)).toBe("nlp-solutions");
    expect(initialService("/services/unknown", services)).toBe(NOT_SURE);
    expect(initialService("/industries/finance", services)).toBe(NOT_SURE);
    expect(initialService("/contact", services)).toBe(NOT_SURE);
  });

  test("validate returns the shared schema's messages in the form's order", () => {
    expect(validate(filled(), services)).toEqual({});
    expect(Object.entries(validate(emptyValues(), services))).toEqual([
      ["name", MESSAGES.name],
      ["email", MESSAGES.email],
      ["details", MESSAGES.detailsShort],
      ["consent", MESSAGES.consent],
    ]);
    expect(validate({ ...filled(), service: "not-a-listed-service" }, services)).toEqual({
      service: MESSAGES.service,
    });
  });

  test("the hidden context: page, what it is about, and a clean saved country", () => {
    expect(buildContext("/services/nlp-solutions", "gb")).toEqual({
      page: "/services/nlp-solutions",
      service: "nlp-solutions",
      country: "GB",
    });
    expect(buildContext("/industries/ai-in-finance", null)).toEqual({
      page: "/industries/ai-in-finance",
      industry: "ai-in-finance",
    });
    expect(buildContext("/works/humm", "Narnia")).toEqual({ page: "/works/humm", work: "humm" });
    // Nothing the visitor cannot fix may make the request invalid.
    expect(buildContext("/contact?x=<b>", "")).toEqual({ page: "/" });
    expect(buildContext("/services/Bad Slug", "US")).toEqual({ page: "/", country: "US" });
  });

  test("the mailto fallback is prefilled with what the visitor wrote", () => {
    const href = mailtoHref(
      "hello@copperlinelabs.com",
      { ...filled(), service: "ui-design", budget: "10k-25k" },
      services,
      "/contact",
    );
    expect(href.startsWith("mailto:hello@copperlinelabs.com?subject=")).toBe(true);
    const url = new URL(href);
    expect(url.searchParams.get("subject")).toBe("Free consultation request from Ada Lovelace");
    const body = url.searchParams.get("body")!;
    expect(body).toContain("Name: Ada Lovelace");
    expect(body).toContain("Email: ada@analytical.example");
    expect(body).toContain("Service: UI Design");
    expect(body).toContain("Budget: £10,000 to £25,000");
    expect(body).toContain("A chatbot for our support team, in English and French.");
    expect(body).toContain("Sent from: /contact");
    expect(body).not.toContain("Phone:");
  });

  test("a very long message is shortened in the mailto link", () => {
    const href = mailtoHref("a@b.example", { ...filled(), details: "x".repeat(5000) }, services, "/");
    expect(href.length).toBeLessThan(2200);
    expect(decodeURIComponent(href)).toContain("(shortened: the form holds the rest)");
  });

  test("idempotency keys are long, random and valid for the server", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe("form state machine", () => {
  const start = initialState(filled());

  test("an invalid submit keeps every value and asks to focus the summary", () => {
    const next = reducer(start, { type: "invalid", errors: { email: "bad" } });
    expect(next.values).toEqual(start.values);
    expect(next).toMatchObject({
      phase: "editing",
      errors: { email: "bad" },
      focus: "summary",
      focusTick: 1,
    });
  });

  test("a shown error follows the fix; a new error waits for the next submit", () => {
    const invalid = reducer(start, { type: "invalid", errors: { email: "bad" } });
    const fixed = reducer(invalid, { type: "change", field: "email", value: "ada@x.example", error: null });
    expect(fixed.errors).toEqual({});
    const other = reducer(fixed, { type: "change", field: "name", value: "", error: undefined });
    expect(other.errors).toEqual({});
  });

  test("sending -> failed keeps the values; failed -> sending -> sent", () => {
    const sending = reducer(start, { type: "send" });
    expect(sending.phase).toBe("sending");
    expect(reducer(sending, { type: "send" })).toBe(sending); // no double submit
    expect(reducer(sending, { type: "change", field: "name", value: "X" })).toBe(sending);
    const failed = reducer(sending, { type: "failed", failure: { kind: "network" } });
    expect(failed).toMatchObject({ phase: "failed", values: start.values, focus: "failure" });
    const retry = reducer(failed, { type: "send" });
    const sent = reducer(retry, { type: "sent", id: "abc" });
    expect(sent).toMatchObject({ phase: "sent", sentId: "abc", focus: "success" });
  });

  test("a 400 from the server shows its field errors", () => {
    const failed = reducer(reducer(start, { type: "send" }), {
      type: "failed",
      failure: { kind: "invalid", errors: { email: "Server says no" } },
    });
    expect(failed).toMatchObject({ phase: "failed", errors: { email: "Server says no" }, focus: "summary" });
  });

  test("reset starts over with new values", () => {
    const sent = reducer(reducer(start, { type: "send" }), { type: "sent", id: "abc" });
    const fresh = reducer(sent, { type: "reset", values: emptyValues() });
    expect(fresh).toMatchObject({ phase: "editing", values: emptyValues(), errors: {}, focus: "form" });
  });
});
