import * as React from "react";
import { render as rtlRender, screen, waitFor } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import userEvent from "@testing-library/user-event";
import { countries, siteSettings } from "../../../../test/siteSettings";
import { useCountries } from "../../../hooks/useCountries";
import { useSiteSettings } from "../../../hooks/useSiteSettings";
import { resetCountryLookup } from "../../../lib/countryLookup";
import { theme } from "../../../styles/theme";
import { CountrySuggestion, DISMISSED_STORAGE_KEY } from "../CountrySuggestion";

jest.mock("../../../hooks/useSiteSettings");
jest.mock("../../../hooks/useCountries");

const render = (ui: React.ReactElement) => rtlRender(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

let fetchMock: jest.Mock;

beforeEach(() => {
  jest.mocked(useSiteSettings).mockReturnValue(siteSettings);
  jest.mocked(useCountries).mockReturnValue(countries);
  resetCountryLookup();
  window.localStorage.clear();
  fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ country: "AE" }) }));
  window.fetch = fetchMock as unknown as typeof window.fetch;
});

test("offers the visitor's country page, as a labelled region with a Dismiss button", async () => {
  render(<CountrySuggestion pathname="/about" />);
  const region = await screen.findByRole("region", { name: "Country site suggestion" });
  const link = screen.getByRole("link", { name: "View our United Arab Emirates site" });
  expect(region).toContainElement(link);
  expect(link).toHaveAttribute("href", "/ae");
  expect(window.localStorage.getItem("country")).toBe("AE");
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test("Dismiss hides it and remembers, so it stays hidden on the next page", async () => {
  const { unmount } = render(<CountrySuggestion pathname="/about" />);
  await userEvent.click(await screen.findByRole("button", { name: "Dismiss" }));
  expect(screen.queryByRole("region")).toBeNull();
  expect(window.localStorage.getItem(DISMISSED_STORAGE_KEY)).toBe("AE");
  unmount();
  render(<CountrySuggestion pathname="/contact" />);
  await waitFor(() => expect(window.localStorage.getItem("country")).toBe("AE"));
  expect(screen.queryByRole("region")).toBeNull();
});

test("nothing on the country's own page, for a country without a page, or when the lookup fails", async () => {
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  const first = render(<CountrySuggestion pathname="/ae/" />);
  await waitFor(() => expect(window.localStorage.getItem("country")).toBe("AE"));
  expect(screen.queryByRole("region")).toBeNull();
  first.unmount();

  resetCountryLookup();
  window.localStorage.clear();
  fetchMock.mockImplementation(async () => ({
    ok: true,
    status: 200,
    json: async () => ({ country: "JP" }),
  }));
  const second = render(<CountrySuggestion pathname="/about" />);
  await waitFor(() => expect(window.localStorage.getItem("country")).toBe("JP"));
  expect(screen.queryByRole("region")).toBeNull();
  second.unmount();

  resetCountryLookup();
  window.localStorage.clear();
  fetchMock.mockImplementation(async () => ({ ok: false, status: 500, json: async () => ({}) }));
  render(<CountrySuggestion pathname="/about" />);
  await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole("region")).toBeNull();
  expect(window.localStorage.getItem("country")).toBeNull();
  error.mockRestore();
});

test("nothing is rendered before the browser has run the lookup (server render)", () => {
  const { container } = render(<CountrySuggestion pathname="/about" />);
  expect(container.innerHTML).toBe("");
});
