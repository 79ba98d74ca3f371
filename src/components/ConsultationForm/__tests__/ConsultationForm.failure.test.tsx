/** A request the server did not take: what the visitor keeps, is told and can do next. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { siteSettings } from "../../../../test/siteData";
import { TOAST_FAILED } from "..";
import {
  fetchMock,
  fillValid,
  focusWhenShown,
  renderForm,
  reply,
  setUpFormHarness,
} from "./ConsultationForm.harness";

jest.mock("react-toastify", () => ({ toast: { success: jest.fn(), error: jest.fn() } }));
jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useServiceOptions");
setUpFormHarness();

/** The failure panel's heading, as a visitor reads it. */
const NOT_SENT = { name: /has not been sent/i };

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
  const panelOf = () => screen.queryByRole("heading", NOT_SENT)?.parentElement ?? null;
  const focusedWhenShown = focusWhenShown(panelOf);
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));

  await waitFor(() => expect(toast.error).toHaveBeenCalledWith(TOAST_FAILED, expect.anything()));
  expect(toast.success).not.toHaveBeenCalled();
  // The toast is called as the answer arrives; the panel shows in the render that follows.
  const panel = (await screen.findByRole("heading", NOT_SENT)).parentElement!;
  expect(focusedWhenShown()).toBe(true);
  expect(panel).toHaveFocus();
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
  await screen.findByRole("heading", NOT_SENT);
  await user.type(screen.getByLabelText(/project details/i), " Also a mobile app.");
  await user.click(screen.getByRole("button", { name: /book my free consultation/i }));
  await screen.findByRole("heading", { name: /thank you/i });
  const [first, second] = fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string));
  expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
});
