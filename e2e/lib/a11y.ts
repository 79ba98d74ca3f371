import type { Page } from "playwright-core";
import sharp from "sharp";

/** WCAG relative luminance of an sRGB colour given as 0-255 channels. */
export function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: readonly number[], b: readonly number[]): number {
  const la = luminance(a[0], a[1], a[2]);
  const lb = luminance(b[0], b[1], b[2]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The focused element as a Tab stop: what it is called and where it is. */
export interface TabStop {
  tag: string;
  name: string;
  /** A CSS-ish description for failure messages. */
  describe: string;
  box: { x: number; y: number; width: number; height: number };
  inViewport: boolean;
  /** Something else (the fixed navbar, a banner) is on top of the element's centre. */
  obscured: boolean;
  focusVisible: boolean;
}

/** Describes document.activeElement (null when focus is on the body). */
export async function activeStop(page: Page): Promise<TabStop | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const r = el.getBoundingClientRect();
    const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").replace(/\s+/g, " ").trim();
    const landmark = el.closest("header, main, footer, dialog, nav");
    return {
      tag: el.tagName.toLowerCase(),
      name,
      describe: `${landmark ? `${landmark.tagName.toLowerCase()} ` : ""}${el.tagName.toLowerCase()}${
        el.id ? `#${el.id}` : ""
      } "${name.slice(0, 40)}"`,
      box: { x: r.x, y: r.y, width: r.width, height: r.height },
      inViewport:
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.right > 0 &&
        r.top < window.innerHeight &&
        r.left < window.innerWidth,
      obscured: (() => {
        const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        return !top || !(el.contains(top) || top.contains(el));
      })(),
      focusVisible: el.matches(":focus-visible"),
    };
  });
}

/** Room around the element's box where an outline (3px, offset 2px) or a shadow is drawn. */
const RING_MARGIN = 8;

async function pixels(page: Page, clip: TabStop["box"]) {
  const png = await page.screenshot({ clip, animations: "disabled", caret: "hide" });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * How visible the focus indicator of the focused element is, measured on screen: the element
 * and a margin around it are captured focused and then blurred, and every pixel whose colour
 * changes with a contrast of at least 3:1 counts (the measure WCAG 2.2's focus-appearance
 * criterion uses). The result is that area divided by the element's perimeter, i.e. the
 * thickness in CSS px of an equivalent solid ring; a 3px outline in a contrasting colour scores
 * about 3, one that blends into its background about 0. Focus is put back afterwards, so the
 * next Tab continues from the same element. The page may scroll (the element is centred).
 */
export async function focusIndicatorThickness(page: Page): Promise<number> {
  // Measured in the middle of the screen: where the browser scrolled it, the ring of an element
  // that has just come into view can be cut by the edge of the viewport.
  await page.evaluate(() =>
    (document.activeElement as HTMLElement).scrollIntoView({ block: "center", inline: "nearest" }),
  );
  const stop = (await activeStop(page))!;
  const viewport = page.viewportSize()!;
  const x = Math.max(0, Math.floor(stop.box.x - RING_MARGIN));
  const y = Math.max(0, Math.floor(stop.box.y - RING_MARGIN));
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(stop.box.x + stop.box.width + RING_MARGIN)) - x,
    height: Math.min(viewport.height, Math.ceil(stop.box.y + stop.box.height + RING_MARGIN)) - y,
  };
  if (clip.width <= 0 || clip.height <= 0) return 0;
  const focused = await pixels(page, clip);
  await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    (window as unknown as { __e2eFocused: HTMLElement }).__e2eFocused = el;
    el.blur();
  });
  const blurred = await pixels(page, clip);
  await page.evaluate(() =>
    (window as unknown as { __e2eFocused: HTMLElement }).__e2eFocused.focus({ preventScroll: true }),
  );
  const scale = focused.width / clip.width; // device pixels per CSS px (1 here)
  let changed = 0;
  for (let i = 0; i < focused.data.length; i += 3) {
    const a = [focused.data[i], focused.data[i + 1], focused.data[i + 2]];
    const b = [blurred.data[i], blurred.data[i + 1], blurred.data[i + 2]];
    if (contrast(a, b) >= 3) changed++;
  }
  const area = changed / (scale * scale);
  const perimeter = 2 * (stop.box.width + stop.box.height);
  return area / perimeter;
}

/** What counts as something to tap. */
const TARGETS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

export interface TargetProblem {
  describe: string;
  width: number;
  height: number;
}

/**
 * WCAG 2.2 target size (minimum), 2.5.8, for every visible target on the page (only those in
 * `within`, e.g. an open dialog, when given): each is at least 24 by 24 CSS px, or a 24px circle
 * centred on it touches no other target and no other small target's circle. Exempt, as the
 * criterion allows: links inline in text, i.e. laid out inline in a parent that also holds text
 * of its own (a sentence, "phone · email"), whose height the line of text decides.
 * A link stretched over its card with an absolutely positioned ::after counts at the card's size.
 */
export async function undersizedTargets(
  page: Page,
  within?: string,
): Promise<{ checked: number; problems: TargetProblem[] }> {
  // tsx (esbuild, keepNames) wraps the named helpers below in __name(), which the page lacks.
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  return page.evaluate(
    ({ selector, scope }) => {
      const root = scope ? document.querySelector(scope) : document.body;
      if (!root) return { checked: 0, problems: [] };
      const targets = [...root.querySelectorAll<HTMLElement>(selector)].filter(
        (el) =>
          el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
          el.getClientRects().length > 0 &&
          !el.closest("[inert]"),
      );
      const rectOf = (el: HTMLElement) => {
        const r = el.getBoundingClientRect();
        const after = getComputedStyle(el, "::after");
        if (after.content !== "none" && after.position === "absolute") {
          let holder = el.parentElement;
          while (holder && getComputedStyle(holder).position === "static") holder = holder.parentElement;
          if (holder) {
            const h = holder.getBoundingClientRect();
            return { left: h.left, top: h.top, right: h.right, bottom: h.bottom };
          }
        }
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      const isInlineInText = (el: HTMLElement) => {
        if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
        const parent = el.parentElement;
        if (!parent) return false;
        const ownText = [...parent.childNodes].some((node) =>
          node.nodeType === Node.TEXT_NODE
            ? /[^\s]/.test(node.textContent ?? "")
            : node instanceof HTMLElement && !node.matches(selector) && /[^\s]/.test(node.innerText),
        );
        return ownText;
      };
      const all = targets.map((el) => {
        const rect = rectOf(el);
        const width = rect.right - rect.left;
        const height = rect.bottom - rect.top;
        return {
          el,
          rect,
          width,
          height,
          cx: (rect.left + rect.right) / 2,
          cy: (rect.top + rect.bottom) / 2,
          small: width < 24 || height < 24,
          inline: isInlineInText(el),
        };
      });
      const distanceToRect = (x: number, y: number, r: (typeof all)[number]["rect"]) => {
        const dx = Math.max(r.left - x, 0, x - r.right);
        const dy = Math.max(r.top - y, 0, y - r.bottom);
        return Math.hypot(dx, dy);
      };
      const describe = (el: HTMLElement) => {
        const name = (el.getAttribute("aria-label") ?? el.innerText ?? "").replace(/\s+/g, " ").trim();
        const where = el.closest("header, main, footer, dialog, nav, section");
        const region = where
          ? `${where.tagName.toLowerCase()}${where.getAttribute("aria-label") ? `[${where.getAttribute("aria-label")}]` : ""} `
          : "";
        return `${region}${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`;
      };
      const problems = all
        .filter((t) => t.small && !t.inline)
        .filter((t) =>
          all.some(
            (u) =>
              u !== t &&
              !u.el.contains(t.el) &&
              !t.el.contains(u.el) &&
              (distanceToRect(t.cx, t.cy, u.rect) < 12 ||
                (u.small && Math.hypot(t.cx - u.cx, t.cy - u.cy) < 24)),
          ),
        )
        .map((t) => ({
          describe: describe(t.el),
          width: Math.round(t.width * 10) / 10,
          height: Math.round(t.height * 10) / 10,
        }));
      return { checked: all.length, problems };
    },
    { selector: TARGETS, scope: within },
  );
}

/**
 * Contrast of text that axe leaves "incomplete" because it sits on a gradient (the heroes, and
 * the transparent navbar over the home hero): the text colour against every colour stop of the
 * gradient painted under it, worst case. Returns a message when it is too low, or when the
 * background is not a gradient or a plain colour (something this check cannot judge).
 */
export async function gradientContrastProblem(page: Page, selector: string): Promise<string | null> {
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  const found = await page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    if (!el) return { error: "not found" };
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const r = el.getBoundingClientRect();
    const x = Math.min(Math.max(r.left + r.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1);
    // Topmost first: the layers before the element cover it (a fixed bar such as the consent
    // banner), they are not its background.
    const layers = document.elementsFromPoint(x, y);
    for (const layer of layers.slice(Math.max(layers.indexOf(el), 0))) {
      const bg = getComputedStyle(layer);
      if (bg.backgroundImage.includes("gradient")) {
        const stops = bg.backgroundImage.match(/rgba?\([^)]*\)/g) ?? [];
        return { fg: rgb(style.color), stops: stops.map(rgb), large };
      }
      if (bg.backgroundImage !== "none") return { error: `background image on ${layer.tagName}` };
      const colour = rgb(bg.backgroundColor);
      if (colour.length === 3 || colour[3] === 1) return { fg: rgb(style.color), stops: [colour], large };
      if (colour[3] > 0) return { error: `translucent background on ${layer.tagName}` };
    }
    return { error: "no background" };
  }, selector);
  if ("error" in found) return `contrast not checked: ${found.error}`;
  const { fg, stops, large } = found as { fg: number[]; stops: number[][]; large: boolean };
  if (fg.length > 3 && fg[3] < 1) return "contrast not checked: translucent text";
  const worst = Math.min(...stops.map((stop) => contrast(fg, stop)));
  const needed = large ? 3 : 4.5;
  return worst < needed ? `contrast ${worst.toFixed(2)} on the gradient (needs ${needed})` : null;
}
