import * as React from "react";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { MESSAGES } from "../../../../schemas/consultation";
import { renderWithTheme } from "../../../../test/render";
import { services, siteSettings } from "../../../../test/siteData";
import { useServiceOptions } from "../../../hooks/useServiceOptions";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { ConsultationForm, TOAST_FAILED, TOAST_SENT } from "..";
import { DRAFT_KEY } from "../ConsultationForm.draft";

jest.setTimeout(30_000);
jest.mock("react-toastify", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useServiceOptions");

type FetchMock = jest.Mock<Promise<unknown>, [string, RequestInit]>;
/** What the server answers the form's POSTs; its GETs (the form token) are answered with `TOKEN`. */
let fetchMock: FetchMock;
let tokenRequests: number;
const TOKEN = "1.mj3k2l1.abcdefghijklmnopqrstuvwxyz012345";

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { get: (name: string) => headers[name] ?? null },
  json: async () => body,
});

beforeEach(() => {
  jest.mocked(useSiteSettings).mockReturnValue(siteSettings);
  jest.mocked(useServiceOptions).mockReturnValue(services);
  fetchMock = jest.fn();
  tokenRequests = 0;
  global.fetch = ((url: string, init?: RequestInit) => {
    if (init?.method === "POST") return fetchMock(url, init);
    tokenRequests += 1;
    return Promise.resolve({ ok: true, ...reply(200, { token: TOKEN, minFillMs: 0 }) });
  }) as unknown as typeof fetch;
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  jest.clearAllMocks();
});

const renderForm = (pathname = "/contact") => renderWithTheme(<ConsultationForm pathname={pathname} />);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/full name/i), "Ada Lovelace");
  await user.type(screen.getByLabelText(/work email/i), "ada@analytical.example");
  await user.type(screen.getByLabelText(/^phone/i), "+44 20 7946 0321");
  await user.type(screen.getByLabelText(/^company/i), "Analytical Engines");
  await user.selectOptions(screen.getByLabelText(/service of interest/i), "UI Design");
  await user.selectOptions(screen.getByLabelText(/budget range/i), "£25,000 to £50,000");
  await user.type(screen.getByLabelText(/project details/i), "A design system for our three internal tools.");
  await user.click(screen.getByRole("checkbox", { name: /may contact me/i }));
}

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

test("an invalid submission: a focused error summary linking to each field, inline errors, values kept", async () => {
  const user = userEvent.setup({ delay: null });
  renderForm();
  await user.type(screen.getByLabelText(/work email/i), "ada@");
  await user.type(screen.getByLabelText(/project details/i), "Too short");
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));

  // The checks load when the form is first focused, so the summary comes a moment after the click.
  const summary = await screen.findByRole("alert");
  await waitFor(() => expect(summary).toHaveFocus());
  expect(within(summary).getByRole("heading")).toHaveTextContent("There is a problem with your request");
  const links = within(summary).getAllByRole("link");
  expect(links.map((l) => l.textContent)).toEqual([
    MESSAGES.name,
    MESSAGES.email,
    MESSAGES.detailsShort,
    MESSAGES.consent,
  ]);

  const email = screen.getByLabelText(/work email/i);
  expect(email).toHaveAttribute("aria-invalid", "true");
  expect(email).toHaveAccessibleDescription(`Error: ${MESSAGES.email}`);
  expect(email).toHaveValue("ada@");
  expect(screen.getByLabelText(/project details/i)).toHaveValue("Too short");
  expect(screen.getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText(/^phone/i)).not.toHaveAttribute("aria-invalid");
  expect(fetchMock).not.toHaveBeenCalled();

  await user.click(links[1]);
  expect(email).toHaveFocus();

  // Fixing a field removes its message as the visitor types.
  await user.type(email, "analytical.example");
  expect(email).not.toHaveAttribute("aria-invalid");
  expect(within(screen.getByRole("alert")).getAllByRole("link")).toHaveLength(3);
});

test("a valid submission: disabled while sending, then a success toast and a confirmation in place of the form", async () => {
  const user = userEvent.setup({ delay: null });
  localStorage.setItem("country", "GB");
  let resolve!: (value: unknown) => void;
  fetchMock.mockReturnValue(new Promise((r) => (resolve = r)));
  renderForm();
  await fillValid(user);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));

  const button = screen.getByRole("button", { name: /sending your request/i });
  expect(button).toBeDisabled();
  expect(screen.getByRole("status")).toHaveTextContent(/sending your request/i);

  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe("/api/consultation");
  const body = JSON.parse(init.body as string);
  expect(body).toEqual({
    name: "Ada Lovelace",
    email: "ada@analytical.example",
    phone: "+44 20 7946 0321",
    company: "Analytical Engines",
    service: "ui-design",
    budget: "25k-50k",
    details: "A design system for our three internal tools.",
    consent: true,
    website: "",
    formToken: TOKEN,
    idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/),
    context: { page: "/contact", country: "GB" },
  });
  expect(toast.success).not.toHaveBeenCalled();

  await act(async () => resolve(reply(201, { id: "3f2a9c1e-0000-4000-8000-000000000000" })));
  expect(toast.success).toHaveBeenCalledWith(TOAST_SENT, expect.anything());
  const confirmation = screen.getByRole("heading", { name: /thank you, we have your request/i });
  expect(confirmation.parentElement).toHaveFocus();
  expect(screen.getByText("ada@analytical.example")).toBeInTheDocument();
  expect(screen.getByText("3F2A9C1E")).toBeInTheDocument();
  expect(screen.queryByLabelText(/full name/i)).toBeNull();
  expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();

  await user.click(screen.getByRole("button", { name: /send another request/i }));
  expect(screen.getByLabelText(/full name/i)).toHaveValue("");
  expect(screen.getByLabelText(/full name/i)).toHaveFocus();
});

test.each([
  ["a server error", () => Promise.resolve(reply(500, { error: "x" })), /error 500/],
  ["a network error", () => Promise.reject(new TypeError("Failed to fetch")), /could not reach our server/],
  [
    "the rate limit",
    () => Promise.resolve(reply(429, { error: "x" }, { "Retry-After": "540" })),
    /wait 9 minutes/,
  ],
])("on %s: an error toast, every value kept, a retry and a prefilled mailto", async (_, failure, message) => {
  const user = userEvent.setup({ delay: null });
  fetchMock.mockImplementationOnce(failure);
  renderForm();
  await fillValid(user);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TOAST_FAILED, expect.anything()));
  expect(toast.success).not.toHaveBeenCalled();
  const panel = screen.getByRole("heading", { name: /has not been sent/i }).parentElement!;
  await waitFor(() => expect(panel).toHaveFocus());
  expect(panel).toHaveTextContent(message);
  expect(screen.getByLabelText(/full name/i)).toHaveValue("Ada Lovelace");
  expect(screen.getByLabelText(/project details/i)).toHaveValue(
    "A design system for our three internal tools.",
  );
  expect(screen.getByRole("checkbox")).toBeChecked();

  const mailto = within(panel).getByRole("link", {
    name: `Email your request to ${siteSettings.email} instead`,
  });
  const href = new URL(mailto.getAttribute("href")!);
  expect(href.protocol).toBe("mailto:");
  expect(href.searchParams.get("body")).toContain("A design system for our three internal tools.");
  expect(href.searchParams.get("body")).toContain("Email: ada@analytical.example");

  // The retry sends the same request with the same idempotency key.
  fetchMock.mockResolvedValueOnce(reply(201, { id: "abcdef12-0000" }));
  await user.click(within(panel).getByRole("button", { name: /try again/i }));
  await screen.findByRole("heading", { name: /thank you/i });
  const [first, second] = fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string));
  expect(second.idempotencyKey).toBe(first.idempotencyKey);
  expect(toast.success).toHaveBeenCalledTimes(1);
});

test("after a failure, changed content is sent with a new idempotency key", async () => {
  const user = userEvent.setup({ delay: null });
  fetchMock.mockResolvedValueOnce(reply(503, {})).mockResolvedValueOnce(reply(201, { id: "x1" }));
  renderForm();
  await fillValid(user);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  await screen.findByRole("heading", { name: /has not been sent/i });
  await user.type(screen.getByLabelText(/project details/i), " Also a mobile app.");
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  await screen.findByRole("heading", { name: /thank you/i });
  const [first, second] = fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string));
  expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
});

test("a 400 from the server marks the fields it names and focuses the summary", async () => {
  const user = userEvent.setup({ delay: null });
  fetchMock.mockResolvedValueOnce(
    reply(400, { errors: { email: MESSAGES.email, "context.page": MESSAGES.page } }),
  );
  renderForm();
  await fillValid(user);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  const summary = await screen.findByRole("alert");
  expect(summary).toHaveFocus();
  expect(within(summary).getByRole("link", { name: MESSAGES.email })).toBeInTheDocument();
  expect(summary).toHaveTextContent(MESSAGES.page); // shown, but not a link: there is no such field
  expect(screen.getByLabelText(/work email/i)).toHaveAttribute("aria-invalid", "true");
  expect(toast.error).toHaveBeenCalled();
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

test("the form asks the server for its token once, when the visitor starts it, and sends it back", async () => {
  const user = userEvent.setup({ delay: null });
  renderForm();
  expect(tokenRequests).toBe(0);
  await fillValid(user);
  expect(tokenRequests).toBe(1);
  fetchMock.mockResolvedValueOnce(reply(201, { id: "t1" }));
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  await screen.findByRole("heading", { name: /thank you/i });
  expect(JSON.parse(fetchMock.mock.calls[0][1].body as string).formToken).toBe(TOKEN);
  expect(tokenRequests).toBe(1);
});

test("a token the server no longer takes is replaced once, and the same request sent again", async () => {
  const user = userEvent.setup({ delay: null });
  fetchMock
    .mockResolvedValueOnce(reply(400, { errors: { formToken: MESSAGES.formToken } }))
    .mockResolvedValueOnce(reply(201, { id: "t2" }));
  renderForm();
  await fillValid(user);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  await screen.findByRole("heading", { name: /thank you/i });
  const [first, second] = fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string));
  expect(second.idempotencyKey).toBe(first.idempotencyKey);
  expect(tokenRequests).toBe(2);
  // No field error for the visitor: the token is not something they can fix.
  expect(screen.queryByRole("alert")).toBeNull();
});
