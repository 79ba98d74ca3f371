import * as React from "react";
import { act, render, screen } from "@testing-library/react";
import { showToast } from "../../../lib/toasts";
import { Toasts } from "../Toasts";

// react-toastify's chunk cannot load: a connection dropped after the page loaded, or a deploy
// removed the chunk the page still refers to.
jest.mock("react-toastify", () => {
  throw new Error("ChunkLoadError: Loading chunk 550 failed.");
});

test("without react-toastify the page around the toast area stays rendered, and so does the area", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  render(
    <main>
      <h1>Book your free consultation</h1>
      <Toasts />
    </main>,
  );
  act(() => showToast("error", "Your request was not sent.", {}));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.getByRole("heading", { name: "Book your free consultation" })).toBeInTheDocument();
  expect(document.querySelector("[data-toast-area]")).toHaveAttribute("aria-live", "polite");
});

test("the dialog's area (rendered with its form) asks for react-toastify at once, and survives its failure", async () => {
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  render(
    <main>
      <h1>Get a free consultation</h1>
      <Toasts containerId="dialog" />
    </main>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
  expect(screen.getByRole("heading", { name: "Get a free consultation" })).toBeInTheDocument();
  expect(document.querySelector("[data-toast-area='dialog']")).toHaveAttribute("aria-live", "polite");
});
