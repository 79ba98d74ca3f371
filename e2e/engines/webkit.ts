import { remote, Key as WdioKey } from "webdriverio";

/** WebDriver's key for an element reference in a response. */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";
import { baseUrl, hydrated } from "../lib/browser";
import { waitFor } from "../lib/wait";
import { candidates } from "./candidates";
import {
  agreedByTree,
  describe,
  forgetVisitor,
  OPEN_MS,
  WAIT_MS,
  type Driver,
  type Key,
  type Target,
  type Viewport,
} from "./driver";
import { startOutsideProxy } from "./outsideProxy";
import { PROBLEMS_KEY } from "./probe";
import { startWebKitDriver } from "./webkitSession";

type Element = WebdriverIO.Element;

/**
 * The journeys' driver for WebKitGTK (Debian's WebKitWebDriver and MiniBrowser, under Xvfb:
 * webkitSession.ts): WebdriverIO over classic WebDriver. Every request goes through the outside
 * proxy (e2e/engines/outsideProxy.ts), which also serves the error probe: classic WebDriver has no
 * console. A target is guessed in the page (candidates.ts) and confirmed by WebKit's accessibility
 * tree (WebDriver's computed role and label).
 */
export async function webkitDriver(viewport: Viewport): Promise<Driver> {
  const proxy = await startOutsideProxy(baseUrl());
  const server = await startWebKitDriver();
  const browser = await remote({
    hostname: "127.0.0.1",
    port: server.port,
    logLevel: "error",
    capabilities: {
      browserName: "MiniBrowser",
      acceptInsecureCerts: true,
      "wdio:enforceWebDriverClassic": true,
      "webkitgtk:browserOptions": {
        binary: server.miniBrowser,
        args: ["--automation", `--proxy=http://${proxy.address}`, "--ignore-host="],
      },
    } as WebdriverIO.Capabilities,
  });
  // Functions go to the page whole (never strings: the site's policy refuses them); WebdriverIO's
  // own typing of `execute` expects element arguments only.
  const exec = browser.execute.bind(browser) as unknown as <R>(fn: unknown, ...args: unknown[]) => Promise<R>;
  // The window's own toolbar takes this much of its height; the viewport is what is left.
  await browser.setWindowRect(null, null, viewport.width, viewport.height);
  const chrome = await exec<number>(() => window.outerHeight - window.innerHeight);
  // The new size can reach the page after WebDriver has answered: wait until it has, or
  // the next page could lay out at the old one (a phone page laid out for a desktop).
  const resize = async (size: Viewport) => {
    await browser.setWindowRect(null, null, size.width, size.height + chrome);
    await browser.waitUntil(async () => (await exec<number>(() => window.innerWidth)) === size.width, {
      timeout: WAIT_MS,
      interval: 50,
      timeoutMsg: `webkit: the window ${size.width} px wide`,
    });
  };
  await resize(viewport);

  const clean = (s: string) => s.replace(/\s+/g, " ").trim();
  /** The shown matches, found in the page (candidates.ts). */
  const shown = async (t: Target): Promise<Element[]> => {
    const refs = await exec<object[]>(candidates, t);
    return Promise.all(refs.map(async (ref) => (await browser.$(ref as never)) as unknown as Element));
  };
  const said = async (el: Element) =>
    [await el.getComputedRole(), clean(await el.getComputedLabel())] as const;
  /** WebKit exposes a <select> as a pop-up button: its computed role is "button", not "combobox". */
  const ALIASES: Record<string, string[]> = { combobox: ["combobox", "button"] };
  const matches = (t: Target & { role: string; name?: string }, computed: string, label: string) =>
    (ALIASES[t.role] ?? [t.role]).includes(computed) && (t.name === undefined || label === clean(t.name));
  /**
   * Runs `act` again when the element it found was replaced meanwhile ("stale element reference"):
   * a render can swap a part of the page between finding an element and using it (the phone menu
   * opened before hydration becomes React's drill-down once hydrated). Anything else is thrown.
   */
  const fresh = async <R>(act: () => Promise<R>): Promise<R> => {
    const until = Date.now() + WAIT_MS;
    for (;;) {
      try {
        return await act();
      } catch (error) {
        if (!/stale element reference/i.test(String(error)) || Date.now() > until) throw error;
      }
    }
  };
  /** The first shown match, confirmed by WebKit's accessibility tree (computed role and label). */
  const first = (t: Target) => fresh(() => firstOnce(t));
  const firstOnce = async (t: Target) => {
    const find = () =>
      waitFor(
        async () => {
          const [found] = await shown(t);
          return found ?? false;
        },
        `webkit: ${describe(t)} shown`,
        WAIT_MS,
      );
    if (!("role" in t)) return find();
    let computed = "";
    let label = "";
    // (A replaced element's "stale element reference" goes up to `fresh`, which starts again.)
    return agreedByTree(
      find,
      async (el) => {
        [computed, label] = await said(el);
        if (matches(t, computed, label)) return true;
        // WebKitGTK computes nothing for a part of the page out of view: asked again once in view.
        await exec((e: Element) => e.scrollIntoView({ block: "nearest" }), el);
        return false;
      },
      () => `webkit: ${describe(t)} is ${computed} "${label}" in WebKit's accessibility tree`,
    );
  };
  const KEYS: Record<Key, string> = {
    Enter: WdioKey.Enter,
    Escape: WdioKey.Escape,
    Tab: WdioKey.Tab,
    ArrowDown: WdioKey.ArrowDown,
    ArrowUp: WdioKey.ArrowUp,
    Space: WdioKey.Space,
    "/": "/",
  };
  const pointer = (x: number, y: number) =>
    browser.action("pointer").move({ x: Math.round(x), y: Math.round(y), origin: "viewport" });
  const until = async <A>(fn: (arg: A) => boolean, arg: A, what: string, timeout = WAIT_MS) => {
    await browser
      .waitUntil(async () => (await exec<boolean>(fn, arg)) === true, {
        timeout,
        interval: 50,
      })
      .catch((error: Error) => {
        throw new Error(`webkit: timed out waiting for ${what} (${error.message.split("\n")[0]})`);
      });
  };

  return {
    engine: "webkit",
    keysActivateButtons: true,
    typesWithoutField: false,
    open: async (p) => {
      await browser.url(new URL(p, baseUrl()).href);
      await until(hydrated, undefined, `${p} hydrated`, OPEN_MS);
    },
    resize,
    url: async () => new URL(await browser.getUrl()),
    // By the pointer, as a visitor clicks (WebDriver's own element click refuses the consent
    // form's checkbox as "not interactable" in WebKit, where a pointer click checks it).
    click: (t) => fresh(async () => (await firstOnce(t)).click({ button: "left" })),
    clickAt: (x, y) => pointer(x, y).down().up().perform(),
    moveTo: (x, y) => pointer(x, y).perform(),
    // MiniBrowser (unlike Safari) opens a middle-clicked link in the same tab: that address then.
    middleClick: async (t) => {
      const home = await browser.getWindowHandle();
      const [before, from] = [await browser.getWindowHandles(), await browser.getUrl()];
      await (await first(t)).click({ button: "middle" });
      const opened = await waitFor<{ tab: string } | { url: string }>(
        async () => {
          const tab = (await browser.getWindowHandles()).find((h) => !before.includes(h));
          if (tab) return { tab };
          const url = await browser.getUrl();
          return url !== from && { url };
        },
        "webkit: the link opened",
        WAIT_MS,
      );
      if (!("tab" in opened)) return opened.url;
      await browser.switchToWindow(opened.tab);
      const url = await waitFor(async () => {
        const u = await browser.getUrl();
        return u !== "about:blank" && u;
      }, "webkit: the new tab's address");
      await browser.closeWindow();
      await browser.switchToWindow(home);
      return url;
    },
    hover: async (t) => (await first(t)).moveTo(),
    focus: async (t) =>
      void (await browser.execute((el) => (el as unknown as HTMLElement).focus(), await first(t))),
    press: (key) => browser.keys(KEYS[key]),
    type: async (text) => {
      const active = await browser.getActiveElement();
      await browser.elementSendKeys((active as unknown as Record<string, string>)[ELEMENT_KEY], text);
    },
    // WebDriver's Element Clear and Send Keys: key actions (`keys`) drop a repeated character in
    // WebKit ("book" arrives as "bok"), and select() leaves an email field's text.
    fill: async (t, text) => {
      const el = await first(t);
      await el.clearValue();
      await el.addValue(text);
    },
    select: async (t, value) => (await first(t)).selectByAttribute("value", value),
    waitFor: async (t, wanted = true) => {
      await waitFor(
        async () => (await shown(t)).length > 0 === wanted,
        `webkit: ${describe(t)} ${wanted ? "shown" : "gone"}`,
        WAIT_MS,
      );
    },
    count: async (t) => (await shown(t)).length,
    text: async (t) => (await first(t)).getText(),
    // The attribute as written (WebDriver's Get Element Attribute gives an href as a full URL).
    attribute: async (t, name) => exec((el: Element, n: string) => el.getAttribute(n), await first(t), name),
    run: (fn, arg) => exec(fn, arg),
    until,
    console: async () => undefined,
    forget: async () => {
      await browser.deleteAllCookies();
      await exec(forgetVisitor, PROBLEMS_KEY);
    },
    close: async () => {
      await browser.deleteSession().catch(() => undefined);
      await server.stop();
      await proxy.stop();
    },
  };
}
