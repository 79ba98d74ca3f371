/**
 * The site search's static index, built with Pagefind's Node API after every build
 * (gatsby/node/onPostBuild.ts) into public/pagefind/, next to Pagefind's own browser script.
 * Only the route table's indexable pages go in (never /new-home, /admin or the 404), each from
 * its built `<main>` (builtPages.ts), tagged with its kind (service, industry, case study, page)
 * for the dialog's groups. Why Pagefind: docs/adr/0010-site-search-and-discovery.md.
 */
import fs from "node:fs";
import path from "node:path";
import { searchKind, SEARCH_BUNDLE_PATH, SEARCH_VOCABULARY_PATH, vocabularyWords } from "../../shared/search";
import type { Route } from "../../shared/routes";
import { builtPageFile, mainContent } from "./builtPages";

export interface SearchIndexResult {
  pages: number;
  /** Bytes of every file Pagefind wrote (index, fragments, its script and WASM). */
  bytes: number;
  files: number;
}

/**
 * Pagefind's Node API (it drives the prebuilt binary of @pagefind/<platform>) is an ES module
 * only, and Gatsby compiles this file to CommonJS, turning `import()` into a `require` that such a
 * package refuses. A function made at run time keeps the native `import()`.
 */
const importPagefind = new Function("return import('pagefind')") as () => Promise<typeof import("pagefind")>;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The document Pagefind reads for one page: the page's `<main>` as built, marked as the body to
 * index (Pagefind weights its headings above the text), with the page's kind and its name in the
 * route table (what menus and cards call it) as the result's metadata.
 */
export function searchDocument(html: string, route: Route): string {
  const main = mainContent(html, route.path);
  main.setAttribute("data-pagefind-body", "");
  main.setAttribute("data-pagefind-meta", `kind:${searchKind(route.kind)}`);
  const title = `title:${route.title.replace(/,/g, "\\,")}`;
  return `<!doctype html><html lang="en"><head><title>${escapeAttr(route.title)}</title></head><body data-pagefind-meta="${escapeAttr(title)}">${main.outerHTML}</body></html>`;
}

/** Pagefind's ready-made search interfaces, which the site does not use (it has its own dialog). */
const UNUSED_OUTPUT = /^pagefind-(component-ui|modular-ui|ui|highlight)\.(js|css)$/;

/** The vocabulary the browser corrects typos against: words of titles and headings, by frequency. */
export function searchVocabulary(pages: readonly { title: string; headings: readonly string[] }[]): string[] {
  const counts = new Map<string, number>();
  for (const page of pages)
    for (const word of vocabularyWords([page.title, ...page.headings].join(" ")))
      counts.set(word, (counts.get(word) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

const sizeOf = (dir: string): { bytes: number; files: number } => {
  let bytes = 0;
  let files = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
};

/** Indexes `routes` (the indexable ones) from `publicDir` and writes public/pagefind/. */
export async function buildSearchIndex(
  publicDir: string,
  routes: readonly Route[],
): Promise<SearchIndexResult> {
  const pagefind = await importPagefind();
  const outputPath = path.join(publicDir, SEARCH_BUNDLE_PATH);
  fs.rmSync(outputPath, { recursive: true, force: true });
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join("; ")}`);
  try {
    const indexed = routes.filter((r) => r.indexed);
    const pages: { title: string; headings: string[] }[] = [];
    for (const route of indexed) {
      const html = fs.readFileSync(builtPageFile(publicDir, route.path), "utf8");
      const added = await index.addHTMLFile({ url: route.path, content: searchDocument(html, route) });
      if (added.errors.length)
        throw new Error(`Pagefind could not index ${route.path}: ${added.errors.join("; ")}`);
      const headings = [...mainContent(html, route.path).querySelectorAll("h1, h2, h3")];
      pages.push({ title: route.title, headings: headings.map((h) => h.textContent ?? "") });
    }
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length)
      throw new Error(`Pagefind could not write the index: ${written.errors.join("; ")}`);
    for (const file of fs.readdirSync(outputPath))
      if (UNUSED_OUTPUT.test(file)) fs.rmSync(path.join(outputPath, file));
    fs.writeFileSync(path.join(publicDir, SEARCH_VOCABULARY_PATH), JSON.stringify(searchVocabulary(pages)));
    return { pages: indexed.length, ...sizeOf(outputPath) };
  } finally {
    await pagefind.close();
  }
}
