/**
 * The little the key journeys (e2e/engines/journeys/) need from a browser, so they are written once
 * and run in each engine a visitor uses: Chromium through Playwright (chromium.ts), Firefox through
 * Puppeteer over WebDriver BiDi (firefox.ts), WebKit through WebdriverIO over classic WebDriver
 * (webkit.ts). Elements are found as a visitor finds them: by role and accessible name, computed by
 * the driver (Playwright) or read from the browser's accessibility tree (Puppeteer's ARIA query,
 * WebDriver's computed role and label); `css` only where no role names an element.
 */
export type EngineName = "chromium" | "firefox" | "webkit";

export interface Viewport {
  width: number;
  height: number;
}

/**
 * An element by its role and accessible name (exact, spaces collapsed), inside `within` when given;
 * or by a CSS selector. Only elements shown on the page count: an action takes the first shown
 * match in document order.
 */
export type Target = ({ role: string; name?: string } | { css: string }) & { within?: Target };

export type Key = "Enter" | "Escape" | "Tab" | "ArrowDown" | "ArrowUp" | "Space" | "/";

/** Each key as the DOM's `KeyboardEvent.key` names it (what Playwright and Puppeteer press by). */
export const DOM_KEYS = {
  Enter: "Enter",
  Escape: "Escape",
  Tab: "Tab",
  ArrowDown: "ArrowDown",
  ArrowUp: "ArrowUp",
  Space: " ",
  "/": "/",
} as const satisfies Record<Key, string>;

export interface Driver {
  readonly engine: EngineName;
  /**
   * Whether Enter and Space on a focused button activate it. Not in Firefox over BiDi here: the
   * key events reach the page, the button's click never comes, on any page (measured with a bare
   * <button>; a link's Enter and a form's implicit submission work).
   */
  readonly keysActivateButtons: boolean;
  /**
   * Whether `type` reaches the page with no field focused (keys typed ahead of the search dialog
   * while it loads). Not in WebKit here: its driver types with Element Send Keys into the focused
   * element, which the page's body is not (its key actions, which would, drop a repeated letter).
   */
  readonly typesWithoutField: boolean;
  /** Opens a path of the site in the tab and waits until it has hydrated. */
  open(path: string): Promise<void>;
  /** The viewport, in CSS px (the same tab: the page lays itself out again). */
  resize(viewport: Viewport): Promise<void>;
  /** The tab's address. */
  url(): Promise<URL>;
  click(target: Target): Promise<void>;
  /** A click at a point of the viewport (a modal dialog's backdrop). */
  clickAt(x: number, y: number): Promise<void>;
  /** Moves the pointer to a point of the viewport (away from what it hovered). */
  moveTo(x: number, y: number): Promise<void>;
  /**
   * Middle-clicks a link; resolves with the address the browser opened for it: in a new tab
   * (closed again), or in this one where the browser does that (WebKitGTK's MiniBrowser).
   */
  middleClick(target: Target): Promise<string>;
  hover(target: Target): Promise<void>;
  focus(target: Target): Promise<void>;
  press(key: Key): Promise<void>;
  /** Types into the focused element, key by key. */
  type(text: string): Promise<void>;
  /** Replaces a text field's value by typing. */
  fill(target: Target, text: string): Promise<void>;
  /** Chooses the option whose value is `value` in a <select>. */
  select(target: Target, value: string): Promise<void>;
  /** Waits until the target is shown (`shown`, the default) or until no match is shown. */
  waitFor(target: Target, shown?: boolean): Promise<void>;
  /** How many matches are shown now. */
  count(target: Target): Promise<number>;
  /** The first shown match's text, as rendered. */
  text(target: Target): Promise<string>;
  attribute(target: Target, name: string): Promise<string | null>;
  /**
   * Runs `fn(arg)` in the page and returns its (JSON) result. A function, never a string: the
   * site's policy refuses `eval`, and WebKit's driver evaluates a string under it.
   */
  run<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits, in the page, until `fn(arg)` holds (at most 10 s). */
  until<A>(fn: (arg: A) => boolean, arg: A, what: string): Promise<void>;
  /**
   * The console's warnings and errors since the last call, where the driver reads the console
   * (Chromium, Firefox); undefined in WebKit, whose classic WebDriver has no console.
   */
  console(): Promise<string[] | undefined>;
  /** Clears the site's storage and cookies: the next page is a first visit again. */
  forget(): Promise<void>;
  close(): Promise<void>;
}

/** How long an element or a condition is waited for. */
export const WAIT_MS = 10_000;

/**
 * The element `find` finds once the engine's accessibility tree `agrees` it is the target (its
 * role and name): the tree follows the page a moment late (a button of a dialog just opened had
 * no role yet in WebKit's, and was missing from Firefox's, once each in a loaded run), and a
 * render can replace the element meanwhile, so each attempt finds it again. After WAIT_MS it
 * fails with `problem`'s message.
 */
export async function agreedByTree<E>(
  find: () => Promise<E>,
  agrees: (el: E) => Promise<boolean>,
  problem: () => string,
): Promise<E> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const el = await find();
    if (await agrees(el)) return el;
    if (Date.now() > until) throw new Error(problem());
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * How long opening a page (its load, then its hydration) is waited for. Longer than a condition:
 * CI's key journeys share a 2-core host with the unit tests and a site build, and there Firefox's
 * first page, on a fresh profile, took over 10 s to hydrate.
 */
export const OPEN_MS = 30_000;

/**
 * Forgets the visitor, in the page: the site's local and session storage, all but the error
 * probe's record (e2e/engines/probe.ts), which a check reads later.
 */
export const forgetVisitor = (probeKey: string): void => {
  const kept = sessionStorage.getItem(probeKey);
  localStorage.clear();
  sessionStorage.clear();
  if (kept !== null) sessionStorage.setItem(probeKey, kept);
};

/** A target's description for failure messages. */
export const describe = (t: Target): string =>
  `${"role" in t ? `${t.role}${t.name === undefined ? "" : ` "${t.name}"`}` : t.css}${t.within ? ` in ${describe(t.within)}` : ""}`;

/** Shorthands for the journeys. */
export const role = (r: string, name?: string, within?: Target): Target =>
  name === undefined ? { role: r, within } : { role: r, name, within };
export const css = (selector: string, within?: Target): Target => ({ css: selector, within });
