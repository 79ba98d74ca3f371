import type { Target } from "./driver";

/**
 * In the page: the shown elements that are `t`, in document order, `within` included, by the usual
 * rules for roles (an element's own or its tag's) and accessible names (aria-labelledby,
 * aria-label, a field's label, alt, then the text of what it holds, aria-hidden parts left out).
 * The Firefox and WebKit drivers find elements with it in one round trip, then confirm the one they
 * act on against the browser's own accessibility tree (firefox.ts, webkit.ts): a difference fails
 * the journey, naming what the browser said.
 */
export function candidates(t: Target): Element[] {
  const IMPLICIT: Record<string, string> = {
    alert: "[role=alert]",
    banner: "header:not(main header, section header, article header, aside header, nav header)",
    button: "button, summary, input[type=button], input[type=submit]",
    checkbox: "input[type=checkbox]",
    combobox: "select:not([multiple])",
    contentinfo: "footer:not(main footer, section footer, article footer, aside footer, nav footer)",
    dialog: "dialog",
    heading: "h1, h2, h3, h4, h5, h6",
    link: "a[href], area[href]",
    listbox: "select[multiple]",
    main: "main",
    navigation: "nav",
    option: "option",
    region: "section[aria-label], section[aria-labelledby]",
    status: "output",
    textbox:
      "input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], textarea",
  };
  const FROM_CONTENT = new Set([
    "button",
    "link",
    "heading",
    "option",
    "checkbox",
    "tab",
    "menuitem",
    "cell",
  ]);
  const clean = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();
  const shown = (el: Element) =>
    el.getClientRects().length > 0 &&
    getComputedStyle(el).visibility !== "hidden" &&
    !el.closest("[inert], [aria-hidden=true]");
  const content = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
    if (!(node instanceof Element) || node.getAttribute("aria-hidden") === "true") return "";
    if (node instanceof HTMLElement && getComputedStyle(node).display === "none") return "";
    const label = node.getAttribute("aria-label");
    if (label) return ` ${label} `;
    const text = [...node.childNodes].map(content).join("");
    return getComputedStyle(node).display.startsWith("inline") ? text : ` ${text} `;
  };
  const nameOf = (el: Element, role: string): string => {
    const ids = el.getAttribute("aria-labelledby");
    if (ids)
      return clean(
        ids
          .split(/\s+/)
          .map((id) => {
            const ref = document.getElementById(id);
            return ref ? content(ref) : "";
          })
          .join(" "),
      );
    if (el.getAttribute("aria-label")) return clean(el.getAttribute("aria-label"));
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return clean([...labels].map(content).join(" "));
    if (el.getAttribute("alt")) return clean(el.getAttribute("alt"));
    if (FROM_CONTENT.has(role)) return clean([...el.childNodes].map(content).join(""));
    return clean(el.getAttribute("title") ?? el.getAttribute("placeholder"));
  };
  const find = (target: Target, root: ParentNode): Element[] => {
    if ("css" in target) return [...root.querySelectorAll(target.css)].filter(shown);
    const implicit = IMPLICIT[target.role];
    const selector = `${implicit ? `${implicit}, ` : ""}[role="${target.role}"]`;
    return [...root.querySelectorAll(selector)].filter(
      (el) =>
        (!el.hasAttribute("role") || el.getAttribute("role") === target.role) &&
        shown(el) &&
        (target.name === undefined || nameOf(el, target.role) === clean(target.name)),
    );
  };
  const scope = t.within ? candidates(t.within)[0] : document;
  return scope ? find(t, scope) : [];
}
