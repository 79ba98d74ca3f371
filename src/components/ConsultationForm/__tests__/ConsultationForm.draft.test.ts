import { clearDraft, DRAFT_KEY, loadDraft, saveDraft, savedCountry } from "../ConsultationForm.draft";
import { emptyValues } from "../ConsultationForm.model";

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  jest.restoreAllMocks();
});

test("a draft round-trips through sessionStorage and is cleared", () => {
  const draft = {
    values: { ...emptyValues(), name: "Ada" },
    formToken: { token: "1.abc.def", receivedAt: 123, minFillMs: 3000 },
    idempotencyKey: "k".repeat(20),
  };
  saveDraft(draft);
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ values: { name: "Ada" } });
  expect(loadDraft()).toEqual({ ...draft, fingerprint: undefined });
  clearDraft();
  expect(loadDraft()).toBeUndefined();
});

test("a damaged or foreign draft is ignored", () => {
  for (const raw of [
    "{",
    "null",
    '{"values":{}}',
    JSON.stringify({ values: { name: 1 }, idempotencyKey: "k" }),
  ]) {
    sessionStorage.setItem(DRAFT_KEY, raw);
    expect(loadDraft()).toBeUndefined();
  }
});

test("blocked storage does not break the form", () => {
  jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
    throw new DOMException("QuotaExceededError");
  });
  expect(() => saveDraft({ values: emptyValues(), idempotencyKey: "k" })).not.toThrow();
});

test("the saved country is read from localStorage key 'country'", () => {
  expect(savedCountry()).toBeNull();
  localStorage.setItem("country", "GB");
  expect(savedCountry()).toBe("GB");
});
