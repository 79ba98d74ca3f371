import * as React from "react";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithTheme } from "../../../../test/render";
import { Portfolio } from "../Portfolio";
import { works } from "../../../../test/portfolioWorks";
import { encodePortfolioIndex } from "../../../../shared/portfolioIndex";

function setUrl(search: string) {
  window.history.replaceState(null, "", `/works${search}`);
}

/** Renders the portfolio at /works{search}, as Gatsby would after hydration. */
function renderPortfolio(search = "") {
  setUrl(search);
  const user = userEvent.setup();
  const view = renderWithTheme(<Portfolio works={works} location={{ search, key: "initial" }} />);
  return { user, ...view };
}

const cardTitles = () =>
  within(screen.getByRole("region", { name: "Case studies" }))
    .queryAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);
const status = () => screen.getByRole("status");
/** The address bar holds `search`: it follows a change once the change is painted (useUrlSearch). */
const inAddress = (search: string) => waitFor(() => expect(window.location.search).toBe(search));

afterEach(() => setUrl(""));

test("each card shows the client, the outcome, the industry and the services as labels", async () => {
  renderPortfolio();
  const card = screen.getByRole("link", { name: "Humm: a payments app built for trust" }).closest("li")!;
  expect(within(card).getByText("What changed for Humm once it went live.")).toBeInTheDocument();
  expect(within(card).getByText("Finance")).toBeInTheDocument();
  const labels = within(card).getByRole("list", { name: "Services" });
  expect(
    within(labels)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["React Native Development", "Node.js Development"]);
  expect(cardTitles()).toEqual(["Humm", "Intain", "Theranautilis", "Ambutap"]);
});

test("the filters are labelled selects; options show how many case studies each would leave", async () => {
  renderPortfolio();
  const industrySelect = screen.getByRole("combobox", { name: "Industry" });
  await waitFor(() => expect(industrySelect).toBeEnabled());
  expect(screen.getByRole("combobox", { name: "Service" })).toBeEnabled();
  expect(screen.getByRole("combobox", { name: "Platform" })).toBeEnabled();
  expect(within(industrySelect).getByRole("group", { name: "AI industries" })).toBeInTheDocument();
  expect(within(industrySelect).getByRole("option", { name: "Health Care (2)" })).toBeInTheDocument();
  expect(
    within(screen.getByRole("combobox", { name: "Platform" }))
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["All platforms", "Web (3)", "iOS (2)", "Android (2)", "AI/ML (1)"]);
});

test("choosing an industry filters the cards, puts it in the URL and announces the count", async () => {
  const { user } = renderPortfolio();
  expect(status()).toHaveAttribute("aria-live", "polite");
  expect(status()).toHaveTextContent("Showing all 4 case studies");
  await user.selectOptions(screen.getByRole("combobox", { name: "Industry" }), "health-care");
  await inAddress("?industry=health-care");
  expect(cardTitles()).toEqual(["Theranautilis", "Ambutap"]);
  expect(status()).toHaveTextContent("Showing 2 of 4 case studies");
});

test("filters combine, and the other options' counts follow", async () => {
  const { user } = renderPortfolio();
  await user.selectOptions(screen.getByRole("combobox", { name: "Industry" }), "health-care");
  await user.selectOptions(screen.getByRole("combobox", { name: "Service" }), "react-native-development");
  await inAddress("?industry=health-care&service=react-native-development");
  expect(cardTitles()).toEqual(["Ambutap"]);
  expect(status()).toHaveTextContent("Showing 1 of 4 case studies");
  // With React Native chosen, Finance still leaves one case study (Humm).
  expect(screen.getByRole("option", { name: "Finance (1)" })).toBeInTheDocument();
});

test("options that would leave nothing are disabled, not hidden; the chosen one stays selectable", async () => {
  const { user } = renderPortfolio();
  // Nothing filtered: every option leaves at least one case study.
  const industry = screen.getByRole("combobox", { name: "Industry" });
  expect(
    within(industry)
      .getAllByRole("option")
      .every((o) => !(o as HTMLOptionElement).disabled),
  ).toBe(true);
  await user.selectOptions(industry, "finance");
  // Humm (finance) is iOS and Android only: Web is still listed, with 0, and cannot be chosen.
  const web = screen.getByRole("option", { name: "Web (0)" }) as HTMLOptionElement;
  expect(web.disabled).toBe(true);
  expect((screen.getByRole("option", { name: "iOS (1)" }) as HTMLOptionElement).disabled).toBe(false);
  // Health Care would leave none with Finance... but it is the Industry filter's own option: its
  // count ignores the industry, so it stays enabled (choosing it replaces Finance).
  expect((screen.getByRole("option", { name: "Health Care (2)" }) as HTMLOptionElement).disabled).toBe(false);
  // The service Machine learning has no finance case study: disabled.
  const service = screen.getByRole("combobox", { name: "Service" });
  const disabled = within(service)
    .getAllByRole("option")
    .filter((o) => (o as HTMLOptionElement).disabled)
    .map((o) => o.textContent);
  expect(disabled.length).toBeGreaterThan(0);
  expect(disabled.every((t) => t!.endsWith("(0)"))).toBe(true);
});

test("a value chosen from the URL stays selectable even when other filters leave it none", () => {
  renderPortfolio("?industry=ai-in-finance&platform=ios");
  const chosen = screen.getByRole("option", { name: "AI in Finance (0)" }) as HTMLOptionElement;
  expect(chosen.selected).toBe(true);
  expect(chosen.disabled).toBe(false);
  expect(status()).toHaveTextContent("No case studies match these filters");
});

test("the filter is read from the URL; unknown values are ignored", async () => {
  renderPortfolio("?industry=fintech&platform=web");
  await waitFor(() => expect(status()).toHaveTextContent("Showing 3 of 4 case studies"));
  expect(screen.getByRole("combobox", { name: "Industry" })).toHaveValue("");
  expect(screen.getByRole("combobox", { name: "Platform" })).toHaveValue("web");
  expect(cardTitles()).toEqual(["Intain", "Theranautilis", "Ambutap"]);
});

test("back and forward restore earlier filters", async () => {
  const { user } = renderPortfolio();
  await user.selectOptions(screen.getByRole("combobox", { name: "Industry" }), "health-care");
  await user.selectOptions(screen.getByRole("combobox", { name: "Platform" }), "android");
  expect(cardTitles()).toEqual(["Ambutap"]);
  await inAddress("?industry=health-care&platform=android");

  act(() => window.history.back());
  await inAddress("?industry=health-care");
  await waitFor(() => expect(cardTitles()).toEqual(["Theranautilis", "Ambutap"]));
  expect(screen.getByRole("combobox", { name: "Platform" })).toHaveValue("");

  act(() => window.history.forward());
  await waitFor(() => expect(cardTitles()).toEqual(["Ambutap"]));
  expect(screen.getByRole("combobox", { name: "Platform" })).toHaveValue("android");
});

test("quick changes of one filter make one history entry, not one per option", async () => {
  const { user } = renderPortfolio();
  const before = window.history.length;
  const select = screen.getByRole("combobox", { name: "Industry" });
  // Quick: 200 ms apart on the clock the filter reads, however long a loaded host takes to run them.
  let now = Date.now();
  const clock = jest.spyOn(Date, "now").mockImplementation(() => now);
  try {
    for (const option of ["finance", "health-care", "ai-in-finance"]) {
      await user.selectOptions(select, option);
      now += 200;
    }
  } finally {
    // A failed step must not leave the clock stopped for the tests after it.
    clock.mockRestore();
  }
  await inAddress("?industry=ai-in-finance");
  expect(window.history.length).toBe(before + 1);
});

test("an empty result says so and offers to clear the filters", async () => {
  const { user } = renderPortfolio("?industry=finance&platform=web");
  await waitFor(() => expect(status()).toHaveTextContent("No case studies match these filters"));
  expect(cardTitles()).toEqual([]);
  await user.click(screen.getByRole("button", { name: "Show all 4 case studies" }));
  await inAddress("");
  expect(cardTitles()).toHaveLength(4);
  expect(screen.getByRole("combobox", { name: "Industry" })).toHaveFocus();
});

test("Clear all filters appears once something is filtered, and clears everything", async () => {
  const { user } = renderPortfolio();
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Industry" })).toBeEnabled());
  expect(screen.queryByRole("button", { name: "Clear all filters" })).not.toBeInTheDocument();
  await user.selectOptions(screen.getByRole("combobox", { name: "Service" }), "nodejs-development");
  await user.selectOptions(screen.getByRole("combobox", { name: "Platform" }), "web");
  await user.click(screen.getByRole("button", { name: "Clear all filters" }));
  await inAddress("");
  expect(status()).toHaveTextContent("Showing all 4 case studies");
  expect(screen.getByRole("combobox", { name: "Industry" })).toHaveFocus();
  expect(screen.queryByRole("button", { name: "Clear all filters" })).not.toBeInTheDocument();
});

test("the filters work from the keyboard", async () => {
  const { user } = renderPortfolio();
  await waitFor(() => expect(screen.getByRole("combobox", { name: "Industry" })).toBeEnabled());
  await user.tab();
  expect(screen.getByRole("combobox", { name: "Industry" })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("combobox", { name: "Service" })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("combobox", { name: "Platform" })).toHaveFocus();
});

describe("a portfolio of several pages", () => {
  // Page 2 of 2: Humm and Intain are on page 1, Theranautilis and Ambutap here.
  const index = encodePortfolioIndex(works);
  const pageOne = works.slice(0, 2);
  const pageTwo = works.slice(2);

  function renderPage(search: string, loadPage: (page: number) => Promise<typeof works>) {
    setUrl(search);
    const user = userEvent.setup();
    renderWithTheme(
      <Portfolio
        works={pageTwo}
        index={index}
        listPage={{ number: 2, count: 2 }}
        location={{ search, key: "initial" }}
        loadPage={loadPage}
      />,
    );
    return user;
  }

  test("lists this page's case studies with links to every page", () => {
    renderPage("", () => Promise.reject(new Error("not needed")));
    expect(cardTitles()).toEqual(["Theranautilis", "Ambutap"]);
    const pages = screen.getByRole("navigation", { name: "Case study pages" });
    expect(within(pages).getByRole("link", { name: "Page 1" })).toHaveAttribute("href", "/works");
    expect(within(pages).getByText("2").closest("[aria-current]")).toHaveAttribute("aria-current", "page");
    // The filter's counts cover every page, not just this one.
    expect(screen.getByRole("option", { name: "Finance (1)" })).toBeInTheDocument();
  });

  test("a filter searches every page, fetching the others once", async () => {
    const loadPage = jest.fn((page: number) => Promise.resolve(page === 1 ? pageOne : []));
    const user = renderPage("", loadPage);
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Platform" })).toBeEnabled());
    await user.selectOptions(screen.getByRole("combobox", { name: "Platform" }), "ios");
    await waitFor(() => expect(cardTitles()).toEqual(["Humm", "Ambutap"]));
    expect(status()).toHaveTextContent("Showing 2 of 4 case studies");
    expect(screen.queryByRole("navigation", { name: "Case study pages" })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Platform" }), "web");
    await waitFor(() => expect(cardTitles()).toEqual(["Intain", "Theranautilis", "Ambutap"]));
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(loadPage).toHaveBeenCalledWith(1);
  });

  test("if the other pages cannot be fetched, it says so and shows this page's matches", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      renderPage("?platform=ios", () => Promise.reject(new Error("offline")));
      await waitFor(() => expect(status()).toHaveTextContent("Could not load every case study"));
      expect(cardTitles()).toEqual(["Ambutap"]);
    } finally {
      error.mockRestore();
    }
  });
});

test("a change the visitor leaves before it is painted writes no address over the next page", async () => {
  renderPortfolio();
  fireEvent.change(screen.getByRole("combobox", { name: "Industry" }), { target: { value: "health-care" } });
  expect(cardTitles()).toEqual(["Theranautilis", "Ambutap"]);
  // A link followed at once, before the next frame (the router's own history write).
  window.history.pushState(null, "", "/about");
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(window.location.pathname).toBe("/about");
  expect(window.location.search).toBe("");
});
