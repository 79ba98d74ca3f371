/**
 * The pages the build has just written, read back: where a route's HTML file is, and the content
 * of its `<main>` (what the visitor reads), parsed with domino, the DOM that turndown itself
 * uses. The Markdown copies (markdown.ts) and the search index (searchIndex.ts) both start here,
 * so both hold exactly what the page shows.
 */
import fs from "node:fs";
import path from "node:path";
import { createDocument } from "@mixmark-io/domino";
import { normalizePath } from "../../shared/routes";

/**
 * Parts of a page that are not its content: controls (labels and buttons of the filters and the
 * consultation form), scripts, closed dialogs, status lines, and what is hidden from everyone.
 */
export const NOT_CONTENT = [
  "script",
  "style",
  "noscript",
  "template",
  "dialog",
  "form",
  "select",
  "input",
  "textarea",
  "button",
  "[hidden]",
  '[aria-hidden="true"]',
  '[role="status"]',
].join(",");

/** The built HTML of a page: public/<path>/index.html (or <path>.html once the adapter has run). */
export function builtPageFile(publicDir: string, pagePath: string): string {
  const p = normalizePath(pagePath);
  const candidates = p === "/" ? ["index.html"] : [`${p.slice(1)}/index.html`, `${p.slice(1)}.html`];
  for (const c of candidates) {
    const file = path.join(publicDir, c);
    if (fs.existsSync(file)) return file;
  }
  throw new Error(`${pagePath}: no built page in ${publicDir} (looked for ${candidates.join(", ")})`);
}

/**
 * The markup from the page's `<main>` start tag to its end tag, or the whole page when it has no
 * such pair. A page is mostly its head's styles and scripts: parsing the main element alone took
 * 2 ms against 6 ms for the whole of `/works/humm`, and the Markdown copies and the search index
 * parse every page (1,338 of them in the grown site of the growth benchmark).
 */
function mainMarkup(html: string): string {
  const start = html.search(/<main[\s>]/);
  const end = html.lastIndexOf("</main>");
  return start >= 0 && end > start ? `<!doctype html><body>${html.slice(start, end + 7)}` : html;
}

/**
 * The page's `<main>` with what is not content taken out. Throws when there is none: every
 * indexable page renders inside the shared layout, whose `<main>` holds the page.
 */
export function mainContent(html: string, pagePath: string): HTMLElement {
  const main = createDocument(mainMarkup(html)).querySelector("main");
  if (!main) throw new Error(`${pagePath}: the built page has no <main>`);
  for (const el of [...main.querySelectorAll(NOT_CONTENT)]) el.remove();
  return main;
}
