import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer, { type ElementHandle, type Page } from "puppeteer-core";
import { FIREFOX_PATH } from "../../test/harness/engines";
import { baseUrl, hydrated } from "../lib/browser";
import { waitFor } from "../lib/wait";
import {
  agreedByTree,
  describe,
  DOM_KEYS,
  forgetVisitor,
  OPEN_MS,
  WAIT_MS,
  type Driver,
  type Target,
  type Viewport,
} from "./driver";
import { startOutsideProxy } from "./outsideProxy";
import { candidates } from "./candidates";
import { PROBLEMS_KEY } from "./probe";

/**
 * Sets the page's viewport. Puppeteer 24 sends `emulation.setScreenOrientationOverride` beside
 * `browsingContext.setViewport` each time, a command Firefox has from version 144: the ESR 140
 * that Debian installs on some machines (140.12 here on 2026-12-01, 153.8 on others) answers it
 * "unknown command", and Puppeteer supports only the latest stable Firefox (puppeteer#14391, not
 * merged). There the viewport is set by BiDi's own command alone, which ESR 140 has.
 */
async function setViewport(page: Page, size: Viewport): Promise<void> {
  try {
    await page.setViewport(size);
  } catch (error) {
    if (!String(error).includes("emulation.setScreenOrientationOverride")) throw error;
    const frame = page.mainFrame() as unknown as {
      browsingContext: { setViewport(options: { viewport: Viewport }): Promise<void> };
    };
    await frame.browsingContext.setViewport({ viewport: { width: size.width, height: size.height } });
  }
}

/**
 * The journeys' driver for Debian's Firefox ESR: Puppeteer over WebDriver BiDi (Playwright's BiDi
 * Firefox fails here on a command Firefox lacks, `emulation.setMediaFeaturesOverride`). Every
 * request goes through the outside proxy (e2e/engines/outsideProxy.ts), set as Firefox's proxy for
 * local addresses too; reduced motion is Firefox's own preference. Roles and names come from
 * Firefox's accessibility tree (Puppeteer's ARIA query, BiDi's `locateNodes`).
 */
export async function firefoxDriver(viewport: Viewport): Promise<Driver> {
  const proxy = await startOutsideProxy(baseUrl());
  const [host, port] = proxy.address.split(":");
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-firefox-"));
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    env: { ...process.env, HOME: home },
    defaultViewport: viewport,
    extraPrefsFirefox: {
      "network.proxy.type": 1,
      "network.proxy.http": host,
      "network.proxy.http_port": Number(port),
      "network.proxy.ssl": host,
      "network.proxy.ssl_port": Number(port),
      "network.proxy.allow_hijacking_localhost": true,
      "network.proxy.no_proxies_on": "",
      "ui.prefersReducedMotion": 1,
    },
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  let messages: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "warn" || m.type() === "error") messages.push(`${m.type()}: ${m.text()}`);
  });

  /**
   * Until `fn(arg)` is true in the page, evaluated from here every 50 ms. Not Puppeteer's
   * waitForFunction: it builds its predicate in the page with `new Function`, which the site's
   * Content-Security-Policy refuses in Firefox ESR 140 ("call to Function() blocked by CSP"); a
   * function passed to `evaluate` is WebDriver BiDi's own call, outside the page's policy.
   */
  const holds = async <A>(fn: (arg: A) => unknown, arg: A, timeoutMs: number, what: string) => {
    await waitFor(async () => Boolean(await page.evaluate(fn as never, arg)), what, timeoutMs);
  };

  /** The shown matches, found in the page (candidates.ts). */
  const shown = async (t: Target): Promise<ElementHandle<Element>[]> => {
    const list = await page.evaluateHandle(candidates, t);
    const items = [...(await list.getProperties()).values()].map(
      (h) => h.asElement() as ElementHandle<Element>,
    );
    await list.dispose();
    return items;
  };
  /**
   * The first shown match, confirmed by Firefox's accessibility tree: Puppeteer's ARIA query (BiDi's
   * `locateNodes`) from its parent must return it (`agreedByTree`). A query takes about half a
   * second (measured here), twenty times the page's own search, so an element confirmed once is
   * not asked again (a repeated target: the menu button, opened four times).
   */
  const first = async (t: Target) => {
    const key = describe(t);
    const find = () =>
      waitFor(
        async () => {
          const [found] = await shown(t);
          return found ?? false;
        },
        `firefox: ${key} shown`,
        WAIT_MS,
      );
    if (!("role" in t)) return find();
    const asked = (e: Element, k: string) => (e as Element & { e2eConfirmed?: string }).e2eConfirmed === k;
    const name = t.name === undefined ? "" : `[name="${t.name.replace(/["\\]/g, "\\$&")}"]`;
    return agreedByTree(
      find,
      async (el) => {
        if (await el.evaluate(asked, key)) return true;
        const parent = (await el.evaluateHandle((e) => e.parentElement ?? e)) as ElementHandle<Element>;
        const matches = await parent.$$(`::-p-aria(${name}[role="${t.role}"])`);
        if (!(await el.evaluate((e, ...list) => list.includes(e), ...matches))) return false;
        await el.evaluate((e, k) => void ((e as Element & { e2eConfirmed?: string }).e2eConfirmed = k), key);
        return true;
      },
      () => `firefox: its accessibility tree has no ${key} where the page has one`,
    );
  };

  return {
    engine: "firefox",
    keysActivateButtons: false,
    typesWithoutField: true,
    open: async (p) => {
      const url = new URL(p, baseUrl()).href;
      // A navigation the last page began (a result opened just before a journey ended) can still
      // be under way and take this one's place: Firefox then aborts this one (NS_BINDING_ABORTED,
      // seen once in a loaded run). Asked once more, then any failure counts.
      await page.goto(url).catch((error: Error) => {
        if (!/NS_BINDING_ABORTED/.test(error.message)) throw error;
        return page.goto(url);
      });
      await holds(hydrated, undefined, OPEN_MS, "firefox: the page hydrated");
    },
    resize: (size) => setViewport(page, size),
    // The page's own address: Puppeteer's follows BiDi's navigation events, and Firefox ESR 140
    // sends none for a same-document change (history.pushState), so it kept the one before.
    url: async () => new URL(await page.evaluate(() => location.href)),
    click: async (t) => (await first(t)).click(),
    clickAt: (x, y) => page.mouse.click(x, y),
    moveTo: (x, y) => page.mouse.move(x, y),
    middleClick: async (t) => {
      const before = await browser.pages();
      await (await first(t)).click({ button: "middle" });
      const tab = await waitFor(
        async () => (await browser.pages()).find((p) => !before.includes(p)) ?? false,
        "firefox: a new tab",
        WAIT_MS,
      );
      const url = await waitFor(
        async () => tab.url() !== "about:blank" && tab.url(),
        "firefox: the new tab's address",
      );
      await tab.close();
      return url;
    },
    hover: async (t) => (await first(t)).hover(),
    focus: async (t) => (await first(t)).focus(),
    press: (key) => page.keyboard.press(DOM_KEYS[key]),
    type: (text) => page.keyboard.type(text),
    fill: async (t, text) => {
      const el = await first(t);
      await el.evaluate((input) => (input as HTMLInputElement).select());
      await el.type(text);
    },
    select: async (t, value) => void (await (await first(t)).select(value)),
    waitFor: async (t, wanted = true) => {
      await waitFor(
        async () => (await shown(t)).length > 0 === wanted,
        `firefox: ${describe(t)} ${wanted ? "shown" : "gone"}`,
        WAIT_MS,
      );
    },
    count: async (t) => (await shown(t)).length,
    text: async (t) => (await first(t)).evaluate((el) => (el as HTMLElement).innerText),
    attribute: async (t, name) => (await first(t)).evaluate((el, n) => el.getAttribute(n), name),
    run: async (fn, arg) => (await page.evaluate(fn as never, arg)) as never,
    until: (fn, arg, what) => holds(fn, arg, WAIT_MS, `firefox: ${what}`),
    console: async () => {
      const seen = messages;
      messages = [];
      return seen;
    },
    forget: async () => {
      await page.deleteCookie(...(await page.cookies()));
      await page.evaluate(forgetVisitor, PROBLEMS_KEY);
    },
    close: async () => {
      // Firefox asked to close, or ended if it has not within 10 s (it can hang on closing).
      const firefox = browser.process();
      const kill = setTimeout(() => firefox?.kill("SIGKILL"), 10_000);
      await browser.close().catch(() => undefined);
      clearTimeout(kill);
      await proxy.stop();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
