/**
 * What the form's rendered tests (ConsultationForm.test.tsx, .submission, .failure) share: a
 * stubbed server, the form rendered in the theme and a visitor filling it in. Not a test file
 * (jest.config.js runs *.test.ts(x) only).
 *
 * Each test file still declares its own jest.mock calls (react-toastify, useSiteSettings,
 * useServiceOptions): babel-jest hoists them above that file's imports only, so mocks declared
 * here would come too late for the component the test file imports.
 */
import * as React from "react";
import { screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { renderWithTheme } from "../../../../test/render";
import { services, siteSettings } from "../../../../test/siteData";
import { useServiceOptions } from "../../../hooks/useServiceOptions";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { ConsultationForm } from "..";

type FetchMock = jest.Mock<Promise<unknown>, [string, RequestInit]>;
/**
 * What the server answers the form's POSTs; its GETs (the form token) are answered with `TOKEN`.
 * Both are live bindings, replaced before each test: read them, never keep them.
 */
export let fetchMock: FetchMock;
export let tokenRequests: number;
export const TOKEN = "1.mj3k2l1.abcdefghijklmnopqrstuvwxyz012345";

export const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers: { get: (name: string) => headers[name] ?? null },
  json: async () => body,
});

/** Resolves to `value` after `ms`: a server's answer that arrives a moment later. */
export const later = <T,>(value: T, ms = 20) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/**
 * Installs, for the calling test file, the content hooks' answers and the stubbed server before
 * each test, and clears the draft, the saved country and the mocks after it. Typing into every
 * field takes a while on a busy machine, hence the longer timeout.
 */
export function setUpFormHarness() {
  jest.setTimeout(30_000);

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
}

export const renderForm = (pathname = "/contact") =>
  renderWithTheme(<ConsultationForm pathname={pathname} />);

export async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/full name/i), "Ada Lovelace");
  await user.type(screen.getByLabelText(/work email/i), "ada@analytical.example");
  await user.type(screen.getByLabelText(/^phone/i), "+44 20 7946 0321");
  await user.type(screen.getByLabelText(/^company/i), "Analytical Engines");
  await user.selectOptions(screen.getByLabelText(/service of interest/i), "UI Design");
  await user.selectOptions(screen.getByLabelText(/budget range/i), "£25,000 to £50,000");
  await user.type(screen.getByLabelText(/project details/i), "A design system for our three internal tools.");
  await user.click(screen.getByRole("checkbox", { name: /may contact me/i }));
}

/**
 * Watches for what `query` finds to appear and notes whether focus was on it at that moment, so a
 * test can hold the form to "focused as it shows" (what a screen reader announces) rather than
 * "focused at some point". Returns what was noted: undefined until it appears.
 */
export function focusWhenShown(query: () => HTMLElement | null) {
  let focused: boolean | undefined;
  const observer = new MutationObserver(() => {
    const element = query();
    if (!element) return;
    focused = document.activeElement === element;
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => focused;
}
