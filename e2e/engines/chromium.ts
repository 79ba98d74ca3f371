import type { Locator, Page } from "playwright-core";
import { closeBrowser, newPage, open } from "../lib/browser";
import { PROBE_JS, PROBLEMS_KEY } from "./probe";
import { DOM_KEYS, forgetVisitor, OPEN_MS, WAIT_MS, type Driver, type Target, type Viewport } from "./driver";

/**
 * The journeys' driver for Debian's Chromium: Playwright, as every other browser test drives it
 * (e2e/lib/browser.ts: its page, its answers to the outside, reduced motion).
 */
export async function chromiumDriver(viewport: Viewport): Promise<Driver> {
  const { page, context } = await newPage(viewport);
  await context.addInitScript({ content: PROBE_JS });
  let messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warning" || m.type() === "error") messages.push(`${m.type()}: ${m.text()}`);
  });

  const locate = (t: Target): Locator => {
    const scope = t.within ? locate(t.within) : page;
    const found =
      "role" in t
        ? scope.getByRole(
            t.role as Parameters<Page["getByRole"]>[0],
            t.name === undefined ? {} : { name: t.name, exact: true },
          )
        : scope.locator(t.css);
    return found.filter({ visible: true });
  };
  const first = (t: Target) => locate(t).first();
  page.setDefaultTimeout(WAIT_MS);

  return {
    engine: "chromium",
    keysActivateButtons: true,
    typesWithoutField: true,
    open: (path) => open(page, path, OPEN_MS),
    resize: (size) => page.setViewportSize(size),
    url: async () => new URL(page.url()),
    click: (t) => first(t).click(),
    clickAt: (x, y) => page.mouse.click(x, y),
    moveTo: (x, y) => page.mouse.move(x, y),
    middleClick: async (t) => {
      const opened = context.waitForEvent("page");
      await first(t).click({ button: "middle" });
      const tab = await opened;
      // The address it opened, once its navigation commits (as the other engines' drivers wait),
      // not its DOMContentLoaded: a fresh clone's tab, opened in the background on a busy host,
      // never reported that event to Playwright within 30 s (only the blank page's network idle).
      await tab.waitForURL((url) => url.href !== "about:blank", { waitUntil: "commit", timeout: WAIT_MS });
      const url = tab.url();
      await tab.close();
      return url;
    },
    hover: (t) => first(t).hover(),
    focus: (t) => first(t).focus(),
    press: (key) => page.keyboard.press(DOM_KEYS[key]),
    type: (text) => page.keyboard.type(text),
    fill: (t, text) => first(t).fill(text),
    select: async (t, value) => void (await first(t).selectOption(value)),
    waitFor: (t, shown = true) => first(t).waitFor({ state: shown ? "visible" : "hidden", timeout: WAIT_MS }),
    count: (t) => locate(t).count(),
    text: (t) => first(t).innerText(),
    attribute: (t, name) => first(t).getAttribute(name),
    run: (fn, arg) => page.evaluate(fn as never, arg as never),
    until: async (fn, arg, what) => {
      await page.waitForFunction(fn as never, arg as never, { timeout: WAIT_MS }).catch((error: Error) => {
        throw new Error(`chromium: timed out waiting for ${what} (${error.message.split("\n")[0]})`);
      });
    },
    console: async () => {
      const seen = messages;
      messages = [];
      return seen;
    },
    forget: async () => {
      await context.clearCookies();
      await page.evaluate(forgetVisitor, PROBLEMS_KEY);
    },
    close: async () => {
      await context.close();
      await closeBrowser();
    },
  };
}
