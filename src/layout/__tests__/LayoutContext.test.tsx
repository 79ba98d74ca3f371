import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { LayoutProvider, useLayout } from "../LayoutContext";
import { Toasts } from "../Toasts";

function mockMatchMedia(matches: (query: string) => boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

function Probe() {
  const { showModal, setShowModal, mobileSize } = useLayout();
  return (
    <>
      <p>modal {showModal ? "open" : "closed"}</p>
      <p>{mobileSize ? "phone" : "wider"}</p>
      <button onClick={() => setShowModal(!showModal)}>toggle</button>
    </>
  );
}

test("useLayout outside its provider throws the spec's message", () => {
  const spy = jest.spyOn(console, "error").mockImplementation(() => {});
  expect(() => render(<Probe />)).toThrow("useLayout must be used within a LayoutProvider");
  spy.mockRestore();
});

test("the provider holds showModal and setShowModal", async () => {
  mockMatchMedia(() => false);
  render(
    <LayoutProvider>
      <Probe />
    </LayoutProvider>,
  );
  expect(screen.getByText("modal closed")).toBeInTheDocument();
  await userEvent.click(screen.getByRole("button", { name: "toggle" }));
  expect(screen.getByText("modal open")).toBeInTheDocument();
});

test("mobileSize follows the 480px media query", () => {
  mockMatchMedia((q) => q === "(max-width: 480px)");
  render(
    <LayoutProvider>
      <Probe />
    </LayoutProvider>,
  );
  expect(screen.getByText("phone")).toBeInTheDocument();
  mockMatchMedia(() => false);
});

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
