import * as React from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LayoutProvider, useLayout } from "../useLayout";

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
