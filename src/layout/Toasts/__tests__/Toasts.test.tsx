import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { toast } from "react-toastify";
import { Toasts } from "../Toasts";

test("toasts appear bottom-left without a progress bar", async () => {
  render(<Toasts />);
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  act(() => {
    toast.success("Thanks, we will be in touch");
  });
  const message = await screen.findByText("Thanks, we will be in touch");
  expect(message.closest(".Toastify__toast-container")).toHaveClass("Toastify__toast-container--bottom-left");
  // react-toastify keeps the bar as its timer but hides it: the wrapper is marked data-hidden.
  expect(document.querySelector(".Toastify__progress-bar--wrp")).toHaveAttribute("data-hidden", "true");
});
