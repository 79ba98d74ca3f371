/** Sending the form: the checks before it, the request it sends, its token and the server's answers. */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { MESSAGES } from "../../../../schemas/consultation";
import { TOAST_SENT } from "..";
import { DRAFT_KEY } from "../ConsultationForm.draft";
import {
  fetchMock,
  fillValid,
  focusWhenShown,
  later,
  renderForm,
  reply,
  setUpFormHarness,
  TOKEN,
  tokenRequests,
} from "./ConsultationForm.harness";

jest.mock("react-toastify", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useServiceOptions");
setUpFormHarness();

test("an invalid submission: a focused error summary linking to each field, inline errors, values kept", async () => {
  const user = userEvent.setup({ delay: null });
  renderForm();
  await user.type(screen.getByLabelText(/work email/i), "ada@");
  await user.type(screen.getByLabelText(/project details/i), "Too short");
  const focusedWhenShown = focusWhenShown(() => screen.queryByRole("alert"));
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));

  // The checks load when the form is first focused, so the summary may come a moment after the click.
  const summary = await screen.findByRole("alert");
  expect(focusedWhenShown()).toBe(true);
  expect(summary).toHaveFocus();
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

  // The form sends after its checks' promise settles, outside the click's own act(): on a busy host
  // the "sending" render, and the request after it, can come a moment after the click returns.
  const button = await screen.findByRole("button", { name: /sending your request/i });
  expect(button).toBeDisabled();
  expect(screen.getByRole("status")).toHaveTextContent(/sending your request/i);

  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
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

test("a 400 from the server marks the fields it names and focuses the summary", async () => {
  const user = userEvent.setup({ delay: null });
  // The answer comes a moment after the click, as a real server's does (not in the click's own act()).
  fetchMock.mockReturnValueOnce(
    later(reply(400, { errors: { email: MESSAGES.email, "context.page": MESSAGES.page } })),
  );
  renderForm();
  await fillValid(user);
  const focusedWhenShown = focusWhenShown(() => screen.queryByRole("alert"));
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  const summary = await screen.findByRole("alert");
  // In the same moment: a screen reader reads the summary as it shows, not the button left behind.
  expect(focusedWhenShown()).toBe(true);
  expect(summary).toHaveFocus();
  expect(within(summary).getByRole("link", { name: MESSAGES.email })).toBeInTheDocument();
  expect(summary).toHaveTextContent(MESSAGES.page); // shown, but not a link: there is no such field
  expect(screen.getByLabelText(/work email/i)).toHaveAttribute("aria-invalid", "true");
  expect(toast.error).toHaveBeenCalled();
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
