/**
 * In the page: text a visitor cannot read whole, judged from the layout's boxes (not pixels), so
 * it holds whatever font the engine picked (the site ships no web font: DejaVu Sans in Chromium
 * and Firefox here, Liberation Sans in WebKit, something else on a visitor's machine).
 *  - clipped: a line of text that reaches outside a box that hides its overflow (`hidden`, `clip`),
 *    or across the edge of the viewport;
 *  - overlapping: two lines of text of different elements drawn over each other.
 * Each line is a text node's line box (`Range.getClientRects`), measured at the page's top. Text
 * hidden on purpose is left out: not rendered, invisible, or in a visually-hidden box (1 px,
 * clipped). Returns one line per problem, with enough of the text to find it.
 */
export function textLayoutProblems(): string[] {
  type Line = { el: Element; r: DOMRect; text: string };
  const viewport = document.documentElement.clientWidth;
  const quote = (s: string) => `"${s.replace(/\s+/g, " ").trim().slice(0, 40)}"`;
  const where = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} in ${el.closest("header, main, footer, dialog, nav, section")?.tagName.toLowerCase() ?? "body"}`;
  // Per element, once (a page has thousands of lines, most in a few dozen boxes).
  const own = new Map<Element, { hidden: boolean; clippers: Element[] }>();
  const boxOf = (el: Element): { hidden: boolean; clippers: Element[] } => {
    const known = own.get(el);
    if (known) return known;
    const parent =
      el.parentElement && el.parentElement !== document.body ? boxOf(el.parentElement) : undefined;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    const hides = (o: string) => o === "hidden" || o === "clip";
    const box = {
      // Visually hidden on purpose: a 1 px box that hides its overflow, or clipped away.
      hidden:
        (parent?.hidden ?? false) ||
        (r.width <= 1 && r.height <= 1 && s.overflow !== "visible") ||
        s.clipPath.startsWith("inset(50%") ||
        s.clip === "rect(0px, 0px, 0px, 0px)",
      clippers:
        hides(s.overflowX) || hides(s.overflowY)
          ? [el, ...(parent?.clippers ?? [])]
          : (parent?.clippers ?? []),
    };
    own.set(el, box);
    return box;
  };
  const lines: Line[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !/\S/.test(node.textContent ?? "") || el.closest("script, style, noscript, template"))
      continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) || boxOf(el).hidden)
      continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.width > 1 && r.height > 1) lines.push({ el, r, text: node.textContent ?? "" });
  }

  const problems: string[] = [];
  for (const { el, r, text } of lines) {
    if (r.left < viewport - 1 && r.right > viewport + 1)
      problems.push(
        `clipped by the viewport's edge: ${quote(text)} (${where(el)}) ends at ${Math.round(r.right)} px`,
      );
    // The nearest box that hides overflow and cuts the line (the text's own element included).
    for (const a of boxOf(el).clippers) {
      const s = getComputedStyle(a);
      const hides = (o: string) => o === "hidden" || o === "clip";
      const box = a.getBoundingClientRect();
      const out =
        (hides(s.overflowX) && (r.left < box.left - 1 || r.right > box.right + 1)) ||
        (hides(s.overflowY) && (r.top < box.top - 1 || r.bottom > box.bottom + 1));
      if (out) {
        problems.push(`clipped by ${where(a)}: ${quote(text)} (${where(el)})`);
        break;
      }
    }
  }

  // Line boxes of one element may touch (a tight line height); of two, they must not cross by
  // more than a sliver (a quarter of the smaller line's height).
  const sorted = [...lines].sort((a, b) => a.r.top - b.r.top);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].r.top < a.r.bottom; j++) {
      const b = sorted[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const width = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const height = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (width > 2 && height > Math.max(3, Math.min(a.r.height, b.r.height) / 4))
        problems.push(`overlapping: ${quote(a.text)} (${where(a.el)}) and ${quote(b.text)} (${where(b.el)})`);
    }
  }
  return problems;
}
