/**
 * The zero-JS copy of a build: every HTML document with its scripts removed, everything else the
 * same files (linked, not copied). Served like the site (bench/staticServer.ts), its LCP is what
 * a page's first view costs without JavaScript: the floor the site's LCP is judged against on
 * each phone (bench/budgets.ts, `lcpVsZeroJs`). Removed: every script (JavaScript: inline,
 * external and modules) and the preloads that only the scripts use (`as="script"`, and
 * `as="fetch"`: Gatsby's page data). Kept: the JSON-LD (`application/ld+json`), which is data for
 * crawlers, not JavaScript: a page built without JavaScript would carry it too, and its bytes are
 * part of the document a phone's first round trip carries (docs/performance.md).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const SCRIPT = /<script\b(?![^>]*\btype="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi;
const SCRIPT_PRELOAD = /<link\b[^>]*\bas="(?:script|fetch)"[^>]*>/gi;

/** The HTML with its scripts, and the preloads only they use, removed. */
export const withoutScripts = (html: string): string => html.replace(SCRIPT, "").replace(SCRIPT_PRELOAD, "");

/** Writes the zero-JS copy of `publicDir` into a new temporary folder; returns it and its remover. */
export function zeroJsCopy(publicDir: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-zero-js-"));
  const copy = (from: string, to: string) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        fs.mkdirSync(target);
        copy(source, target);
      } else if (entry.name.endsWith(".html")) {
        fs.writeFileSync(target, withoutScripts(fs.readFileSync(source, "utf8")));
      } else fs.symlinkSync(source, target);
    }
  };
  copy(path.resolve(publicDir), dir);
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
