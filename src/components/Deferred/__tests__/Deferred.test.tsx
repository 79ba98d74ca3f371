import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { TextEncoder } from "node:util";
import { hydrateRoot } from "react-dom/client";
import { endFirstHydration, resetHydrationGate, startFirstHydration } from "../../../lib/hydrationGate";
import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../../../shared/firstView";
import { deferHydration } from "../Deferred";

/** A part with a control and an effect: what hydration brings to it. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = React.useState(0);
  const [live, setLive] = React.useState(false);
  React.useEffect(() => setLive(true), []);
  return (
    <button type="button" data-live={live ? "yes" : "no"} onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}
const DeferredCounter = deferHydration(Counter, "Counter");

/** A page: a part hydrated at once and a deferred one, as the server renders them. */
function Page() {
  return (
    <main>
      <Counter label="Now" />
      <DeferredCounter label="Later" />
    </main>
  );
}

async function hydratePage(): Promise<HTMLElement> {
  const container = document.createElement("div");
  document.body.append(container);
  // jsdom lacks the TextEncoder React's server renderer needs (as Gatsby's build has it).
  Object.assign(globalThis, { TextEncoder });
  const { renderToString } = jest.requireActual<typeof import("react-dom/server")>("react-dom/server");
  container.innerHTML = renderToString(<Page />);
  startFirstHydration();
  await act(async () => void hydrateRoot(container, <Page />));
  endFirstHydration();
  return container;
}

afterEach(() => {
  resetHydrationGate();
  document.documentElement.removeAttribute(USED_BEFORE_SCRIPTS_ATTRIBUTE);
  document.body.innerHTML = "";
});

test("until a visitor reaches for the page, a deferred part stays its server HTML; the rest is live", async () => {
  await hydratePage();
  expect(screen.getByRole("button", { name: "Now 0" })).toHaveAttribute("data-live", "yes");
  const later = screen.getByRole("button", { name: "Later 0" });
  expect(later).toHaveAttribute("data-live", "no");
});

test("the first click on a deferred part hydrates it at once and does what it should", async () => {
  await hydratePage();
  await act(async () => {
    fireEvent.pointerDown(screen.getByRole("button", { name: "Later 0" }));
    fireEvent.click(screen.getByRole("button", { name: "Later 0" }));
  });
  expect(screen.getByRole("button", { name: "Later 1" })).toHaveAttribute("data-live", "yes");
});

test("any sign of use (a pointer over the page, a key) hydrates the deferred parts in the background", async () => {
  await hydratePage();
  await act(async () => void fireEvent.keyDown(document.body, { key: "Tab" }));
  expect(screen.getByRole("button", { name: "Later 0" })).toHaveAttribute("data-live", "yes");
});

test("a visitor who used the page before its scripts ran (a tap that opened the phone menu) gets the deferred parts hydrated with the page", async () => {
  // What the script starter marks (gatsby/lib/scriptsAfterFirstView.ts).
  document.documentElement.setAttribute(USED_BEFORE_SCRIPTS_ATTRIBUTE, "");
  await hydratePage();
  expect(screen.getByRole("button", { name: "Later 0" })).toHaveAttribute("data-live", "yes");
});

test("rendered afresh (no server HTML: a later page, the CMS preview), a deferred part renders at once", () => {
  render(<DeferredCounter label="Fresh" />);
  expect(screen.getByRole("button", { name: "Fresh 0" })).toHaveAttribute("data-live", "yes");
});
