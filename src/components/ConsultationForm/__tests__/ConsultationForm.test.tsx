/** The form as a visitor first meets it: its fields, their labels and options, its draft. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderForm, setUpFormHarness } from "./ConsultationForm.harness";

jest.mock("react-toastify", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useServiceOptions");
setUpFormHarness();

test("every field has a label, the right type and autocomplete token", () => {
  renderForm();
  const expectations: [RegExp, Record<string, string | null>][] = [
    [/full name/i, { type: "text", autocomplete: "name", required: "" }],
    [/work email/i, { type: "email", autocomplete: "email", required: "" }],
    [/^phone/i, { type: "tel", autocomplete: "tel", required: null }],
    [/^company/i, { type: "text", autocomplete: "organization", required: null }],
  ];
  for (const [label, attrs] of expectations) {
    const input = screen.getByLabelText(label);
    for (const [attr, value] of Object.entries(attrs)) expect(input.getAttribute(attr)).toBe(value);
  }
  expect(screen.getByLabelText(/project details/i).tagName).toBe("TEXTAREA");
  expect(screen.getByLabelText(/^phone/i)).toHaveAccessibleDescription(/country code/i);
  expect(screen.getByRole("checkbox", { name: /may contact me/i })).toBeRequired();
  expect(screen.getByRole("link", { name: /privacy notice/i })).toHaveAttribute("href", "/privacy");
});

test("the service select lists the services from content and 'Not sure yet'; budget is optional", () => {
  renderForm();
  const service = screen.getByLabelText(/service of interest/i);
  expect(
    within(service)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Not sure yet", "Generative AI Development", "NLP Solutions", "UI Design"]);
  expect(service).toHaveValue("not-sure");
  // Announced as required; it always holds an answer, so it has no empty placeholder (valid HTML).
  expect(service).toBeRequired();
  expect(service).not.toHaveAttribute("required");
  expect(within(screen.getByLabelText(/budget range/i)).getAllByRole("option")[0]).toHaveTextContent(
    "Prefer not to say",
  );
});

test("on a service's page that service is preselected", () => {
  renderForm("/services/nlp-solutions");
  expect(screen.getByLabelText(/service of interest/i)).toHaveValue("nlp-solutions");
});

test("the honeypot 'website' field is hidden from people and assistive technology", () => {
  const { container } = renderForm();
  const trap = container.querySelector('input[name="website"]')!;
  expect(trap).toHaveAttribute("tabindex", "-1");
  expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  expect(screen.queryByRole("textbox", { name: /website/i })).toBeNull();
});

test("the draft survives a reload (a remount) and is restored into the fields", async () => {
  const user = userEvent.setup({ delay: null });
  const first = renderForm();
  await user.type(screen.getByLabelText(/full name/i), "Grace Hopper");
  await user.type(screen.getByLabelText(/project details/i), "Half-written message");
  first.unmount();

  renderForm();
  expect(screen.getByLabelText(/full name/i)).toHaveValue("Grace Hopper");
  expect(screen.getByLabelText(/project details/i)).toHaveValue("Half-written message");
});
