import * as React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { TextEncoder } from "node:util";
import { hydrateRoot } from "react-dom/client";
import { endFirstHydration, resetHydrationGate, startFirstHydration } from "../../../lib/hydrationGate";
import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../../../shared/firstView";
import { deferHydration } from "../Deferred";
import { createHistory, createMemorySource, Link, Location } from "@gatsbyjs/reach-router";
import { RouterLocationInTransition } from "../../../lib/routerLocation";

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

/** A page: a part hydrated at once and two deferred ones, as the server renders them. */
function Page() {
  return (
    <main>
      <Counter label="Now" />
      <DeferredCounter label="Later" />
      <DeferredCounter label="Other" />
    </main>
  );
}

/**
 * The browser's idle moments, given by the test: what waits for one (`whenIdle`, src/lib/whenIdle.ts)
 * asks with requestIdleCallback, which jsdom lacks, and here waits until `browserIdle()`. (The
 * 1 ms timer that stands in for it without this fired on its own on a loaded host, before a test
 * had looked at the page in between: CI's unit tests beside a build.)
 */
let idleCallbacks = new Map<number, IdleRequestCallback>();
let nextIdleId = 1;
beforeEach(() => {
  idleCallbacks = new Map();
  window.requestIdleCallback = (callback) => {
    idleCallbacks.set(nextIdleId, callback);
    return nextIdleId++;
  };
  window.cancelIdleCallback = (id) => void idleCallbacks.delete(id);
});
afterEach(() => {
  delete (window as Partial<Window>).requestIdleCallback;
  delete (window as Partial<Window>).cancelIdleCallback;
});
/** The browser goes idle: what waited for it runs, and React renders what that started. */
const browserIdle = () =>
  act(async () => {
    while (idleCallbacks.size > 0) {
      const due = [...idleCallbacks.values()];
      idleCallbacks.clear();
      for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
      await Promise.resolve();
    }
  });

async function hydratePage(
  page: () => React.ReactElement = () => <Page />,
  {
    endFirst = true,
    onRecoverableError,
  }: { endFirst?: boolean; onRecoverableError?: (e: unknown) => void } = {},
): Promise<HTMLElement> {
  const container = document.createElement("div");
  document.body.append(container);
  // jsdom lacks the TextEncoder React's server renderer needs (as Gatsby's build has it).
  Object.assign(globalThis, { TextEncoder });
  const { renderToString } = jest.requireActual<typeof import("react-dom/server")>("react-dom/server");
  container.innerHTML = renderToString(page());
  startFirstHydration();
  await act(async () => void hydrateRoot(container, page(), { onRecoverableError }));
  if (endFirst) endFirstHydration();
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

test("a first sign of use that a live part answers does not hydrate the deferred parts before the browser is idle", async () => {
  // The phone menu's button is live from the first hydration and opens the menu natively: a first
  // tap on it used to set every deferred part hydrating at once, ahead of the frame that shows the
  // menu (docs/performance.md). They wait for the browser to be idle now.
  await hydratePage();
  await act(async () => void fireEvent.pointerDown(screen.getByRole("button", { name: "Now 0" })));
  expect(screen.getByRole("button", { name: "Later 0" })).toHaveAttribute("data-live", "no");
  await browserIdle();
  expect(screen.getByRole("button", { name: "Later 0" })).toHaveAttribute("data-live", "yes");
  expect(screen.getByRole("button", { name: "Other 0" })).toHaveAttribute("data-live", "yes");
});

test("any sign of use (a pointer over the page, a key) hydrates the deferred parts in the background", async () => {
  await hydratePage();
  await act(async () => void fireEvent.keyDown(document.body, { key: "Tab" }));
  await browserIdle();
  expect(screen.getByRole("button", { name: "Later 0" })).toHaveAttribute("data-live", "yes");
  expect(screen.getByRole("button", { name: "Other 0" })).toHaveAttribute("data-live", "yes");
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

/** A footer-like part: a link that knows the router's location (Gatsby's Link is reach-router's). */
function FooterLinks() {
  return (
    <nav aria-label="Footer">
      <Link to="/works">Portfolio</Link>
    </nav>
  );
}
const DeferredFooterLinks = deferHydration(FooterLinks, "FooterLinks");

/**
 * What Gatsby's root renders above every page: contexts whose value is a new object on each
 * navigation (its page data, the route's base), none of which a deferred part reads. React cannot
 * tell whether a part it has not hydrated reads them, so each change reaches every such part.
 */
const PageData = React.createContext<object>({});
const GatsbyRoot = ({ children }: { children: React.ReactNode }) => (
  <Location>
    {({ location }) => <PageData.Provider value={{ location }}>{children}</PageData.Provider>}
  </Location>
);

test("a navigation that reaches a deferred part before it hydrated keeps its server HTML and loses nothing; it follows the new page once hydrated", async () => {
  // An update reaching a part React has not hydrated yet makes React throw the part's server
  // HTML away and render it afresh ("Minified React error #421", reported to the window as an
  // uncaught error), unless the update is a transition. Reach-router's own provider sets the
  // location at default priority; the app's (what the page hydrates inside) in a transition.
  // Here the part cannot hydrate yet (the gate is closed and the first hydration still
  // running), which makes React's fallback certain; in a browser it happened by timing (a loaded
  // WebKit run, a link clicked just after the first click on the page, four parts at once).
  const history = createHistory(createMemorySource("/about"));
  const site = () => (
    <RouterLocationInTransition history={history}>
      <GatsbyRoot>
        <main>
          <DeferredFooterLinks />
        </main>
      </GatsbyRoot>
    </RouterLocationInTransition>
  );
  const errors: unknown[] = [];
  await hydratePage(site, { endFirst: false, onRecoverableError: (e) => errors.push(e) });
  const before = screen.getByRole("link", { name: "Portfolio" });
  await act(async () => {
    void history.navigate("/works");
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  });
  expect(errors).toEqual([]);
  // The same element, still there: not rendered afresh, not blanked by the closed gate.
  expect(screen.getByRole("link", { name: "Portfolio" })).toBe(before);
  expect(before).not.toHaveAttribute("aria-current");
  endFirstHydration();
  await act(async () => void fireEvent.keyDown(document.body, { key: "Tab" }));
  await browserIdle();
  expect(screen.getByRole("link", { name: "Portfolio" })).toHaveAttribute("aria-current", "page");
});

test("Gatsby's root and its Link read the location the app provides: one copy of Gatsby's router is installed", () => {
  // Two copies (Gatsby moving to a new major of its router while package.json pins the old one)
  // would leave Gatsby's root starting a provider of its own, at default priority, and the fix
  // above would stop working without a test failing (docs/upgrading.md).
  const ours = require.resolve("@gatsbyjs/reach-router");
  const from = (pkg: string) => require.resolve("@gatsbyjs/reach-router", { paths: [require.resolve(pkg)] });
  expect(from("gatsby-link")).toBe(ours);
  expect(from("gatsby/package.json")).toBe(ours);
});
