import * as React from "react";
import { act, render, screen, within } from "@testing-library/react";
import { loadedToastify, showToast } from "../../../lib/toasts";
import { Toasts, TOASTS_LABEL } from "../Toasts";

const liveArea = (container: HTMLElement) => container.querySelector<HTMLElement>("[aria-live]")!;

test("an empty polite live region until a toast is asked for; react-toastify is not fetched before", async () => {
  const { container } = render(<Toasts />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(liveArea(container)).toHaveAttribute("aria-live", "polite");
  expect(liveArea(container)).toBeEmptyDOMElement();
  expect(loadedToastify()).toBeUndefined();
});

test("a toast arrives inside the live region that was there before it: bottom-left, without a progress bar, as an alert", async () => {
  const { container } = render(<Toasts />);
  const before = liveArea(container);
  act(() => showToast("success", "Thanks, we will be in touch", {}));
  const message = await screen.findByText("Thanks, we will be in touch");
  expect(liveArea(container)).toBe(before);
  expect(before).toContainElement(message);
  const region = screen.getByRole("region", { name: TOASTS_LABEL });
  expect(within(region).getByRole("alert")).toHaveTextContent("Thanks, we will be in touch");
  expect(message.closest(".Toastify__toast-container")).toHaveClass("Toastify__toast-container--bottom-left");
  // react-toastify keeps the bar as its timer but hides it: the wrapper is marked data-hidden.
  expect(document.querySelector(".Toastify__progress-bar--wrp")).toHaveAttribute("data-hidden", "true");
});
