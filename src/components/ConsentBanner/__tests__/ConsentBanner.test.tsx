import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ThemeProvider } from "styled-components";
import { theme } from "../../../styles/theme";
import { siteSettings } from "../../../../test/siteSettings";
import { ConsentBanner } from "../ConsentBanner";

const copy = siteSettings.consentBanner;

const renderBanner = () => {
  const onChoose = jest.fn();
  render(
    <ThemeProvider theme={theme}>
      <button type="button">Somewhere on the page</button>
      <ConsentBanner copy={copy} onChoose={onChoose} />
    </ThemeProvider>,
  );
  return onChoose;
};

test("is a region named by its heading, with the sentence, the privacy link and two choices", () => {
  renderBanner();
  const region = screen.getByRole("region", { name: copy.heading });
  expect(region).toContainElement(screen.getByRole("heading", { name: copy.heading }));
  expect(region).toHaveTextContent(copy.text);
  expect(screen.getByRole("link", { name: copy.privacyLink })).toHaveAttribute("href", "/privacy#analytics");
  const accept = screen.getByRole("button", { name: copy.accept });
  const reject = screen.getByRole("button", { name: copy.reject });
  // Equal weight: the same component, so the same look.
  expect(accept.className).toBe(reject.className);
  // Not a dialog, and it does not take focus.
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(document.body);
});

test("works by keyboard: Tab reaches the link and both buttons, Enter and Space choose", async () => {
  const onChoose = renderBanner();
  const user = userEvent.setup();
  await user.tab();
  await user.tab();
  expect(screen.getByRole("link", { name: copy.privacyLink })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole("button", { name: copy.accept })).toHaveFocus();
  await user.keyboard("{Enter}");
  expect(onChoose).toHaveBeenLastCalledWith("granted");
  await user.tab();
  expect(screen.getByRole("button", { name: copy.reject })).toHaveFocus();
  await user.keyboard(" ");
  expect(onChoose).toHaveBeenLastCalledWith("denied");
});
