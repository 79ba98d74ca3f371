/** The search result's cut, lengths and warnings (the lengths are the content checks' own). */
import * as React from "react";
import { screen } from "@testing-library/react";
import { SEARCH_RESULT_LENGTHS } from "../../../../schemas";
import { socialCards } from "../../../../shared/socialImages";
import { renderWithTheme } from "../../../../test/render";
import { SearchAndShare } from "../SearchAndShare";
import { cutForSearch } from "../searchResult";

const site = {
  name: "Copperline Labs",
  tagline: "Software and AI development agency",
  siteUrl: "https://www.example.com",
};
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 10}`).join(" ");

test("text within the length shows whole; longer text is cut after the last whole word that fits", () => {
  expect(cutForSearch("  Humm:   a payments app ", 60)).toBe("Humm: a payments app");
  const cut = cutForSearch(words(40), 60);
  expect(cut).toMatch(/^word0 word1 .* word[0-9] …$/);
  expect(cut.length - 2).toBeLessThanOrEqual(60);
  expect(words(40).startsWith(cut.slice(0, -2))).toBe(true);
});

test("the lengths are shown, and a warning past the content checks' lengths, for the title and the description", () => {
  const { rerender } = renderWithTheme(
    <SearchAndShare
      title="Humm | Copperline Labs"
      description={words(20)}
      url="https://www.example.com/works/humm"
      card={socialCards.default(site)}
    />,
  );
  expect(screen.getByText("www.example.com › works › humm")).toBeInTheDocument();
  expect(screen.getByText(`Title: 22 of ${SEARCH_RESULT_LENGTHS.title} characters`)).toBeInTheDocument();
  expect(screen.queryByText(/Search results cut it/)).toBeNull();
  const long = words(40);
  rerender(
    <SearchAndShare
      title={words(15)}
      description={long}
      url="https://www.example.com/works/humm"
      card={socialCards.default(site)}
    />,
  );
  expect(
    screen.getByText(
      `Description: ${long.length} of ${SEARCH_RESULT_LENGTHS.description} characters. Search results cut it after about ${SEARCH_RESULT_LENGTHS.description}: the rest is not shown.`,
    ),
  ).toBeInTheDocument();
  expect(screen.getByText(/^Title: 89 of 60 characters\. Search results cut it/)).toBeInTheDocument();
  expect(screen.getByText(cutForSearch(long, SEARCH_RESULT_LENGTHS.description))).toBeInTheDocument();
});
