/**
 * Each page's own Content-Security-Policy: the policy gatsby-config gives every path
 * (gatsby/lib/headers.ts), plus the hashes of exactly the inline scripts in the HTML file that
 * path is answered with (gatsby/lib/csp.ts). Gatsby reads its config before anything is built, so
 * the hashes cannot be in it. Once the adapter has written `public/_headers` (one rule per file)
 * and moved the pages where the host serves them (`/about` → `public/about.html`), the wrapper
 * below (`withPagePolicies`) rewrites the policy of every rule whose path is answered with an
 * HTML file, from that final file: what is hashed is what is served.
 *
 * - The catch-all `/*` rule's policy becomes the 404 page's (`public/404.html`): a path without a
 *   file of its own is answered with the 404 page.
 * - A page is reachable at its address and at its file (`/about.html`, `/index.html`): a rule
 *   for the file address is added, the same as the page's, so no page falls through to `/*`.
 * - A file that is no page (scripts, data, images) keeps the policy without hashes.
 *
 * `npm start` reads the same `public/_headers` (scripts/siteServer/netlifyRules.ts).
 */
import fs from "node:fs";
import path from "node:path";
import type { IAdapter } from "gatsby";
import { DigestCache } from "./buildCache";
import { inlineScriptHashes, inlineScriptProblems, parsed, withScriptHashes } from "./csp";

/** A problem in a built page that the policy would silently break: the build stops on it. */
export class PagePolicyError extends Error {}

/** What a page's policy needs of its HTML: its inline scripts' hashes, and those no hash allows. */
export interface PageScripts {
  hashes: string[];
  problems: string[];
}

export function pageScripts(html: string): PageScripts {
  const page = parsed(html);
  return { hashes: inlineScriptHashes(page), problems: inlineScriptProblems(page) };
}

/**
 * Each page's scripts, by the SHA-256 of its HTML, kept in .cache between builds
 * (./buildCache.ts): reading every page's HTML into a document took about 5 s a build here, and a
 * warm rebuild changes few pages. The policies are written after the host has saved .cache, so
 * onPostBuild fills this cache first (`collectPageScripts`), from the same files before the
 * adapter moves them.
 */
export const pageScriptsCache = (root?: string): DigestCache<PageScripts> =>
  DigestCache.at<PageScripts>("page-scripts", "1", root);

/** Reads every HTML file of `publicDir` into `cache` (the pages, before the adapter moves them). */
export function collectPageScripts(publicDir: string, cache: DigestCache<PageScripts>): void {
  for (const entry of fs.readdirSync(publicDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const html = fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    cache.get(html, () => pageScripts(html));
  }
  cache.save();
}

/** A page's policy: `policy` with the hashes of the page's inline scripts; stops on what no hash allows. */
export function pagePolicy(
  policy: string,
  html: string,
  file: string,
  cache?: DigestCache<PageScripts>,
): string {
  const { hashes, problems } = cache ? cache.get(html, () => pageScripts(html)) : pageScripts(html);
  if (problems.length) {
    throw new PagePolicyError(
      `${file}: the Content-Security-Policy allows inline scripts by hash only, so the browser would block ${problems.join("; ")}. Attach the handler in a component (React's onClick) or link to a page instead.`,
    );
  }
  return withScriptHashes(policy, hashes);
}

const isFile = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * The file in `publicDir` a rule's path is answered with, as the host looks it up: the file of
 * that name, else `<path>.html`, else `<path>/index.html`. The catch-all `/*` is answered with the
 * 404 page; other patterns name no one file.
 */
export function servedFile(publicDir: string, rulePath: string): string | undefined {
  if (rulePath === "/*") return path.join(publicDir, "404.html");
  if (/[*:]/.test(rulePath)) return undefined;
  const p = decodeURI(rulePath);
  const candidates = p.endsWith("/") ? [`${p}index.html`] : [p, `${p}.html`, `${p}/index.html`];
  return candidates.map((c) => path.join(publicDir, c)).find(isFile);
}

/** The file address of a page answered from `<path>.html` or `/index.html`: `/about` → `/about.html`. */
export function fileAddress(rulePath: string, file: string, publicDir: string): string | undefined {
  const relative = `/${path.relative(publicDir, file).split(path.sep).join("/")}`;
  return relative !== rulePath && relative.endsWith(".html") && !rulePath.includes("*")
    ? relative
    : undefined;
}

interface Rule {
  path: string;
  /** The rule's lines, its path first. */
  lines: string[];
}

/** `_headers` as its lines before the first rule, then one entry per rule (comments stay with it). */
function parseRules(text: string): { preamble: string[]; rules: Rule[] } {
  const preamble: string[] = [];
  const rules: Rule[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("/")) rules.push({ path: line.trim(), lines: [line] });
    else if (rules.length) rules[rules.length - 1].lines.push(line);
    else preamble.push(line);
  }
  return { preamble, rules };
}

const POLICY_LINE = /^(\s+content-security-policy:\s*)(.*)$/i;

/**
 * `_headers` text with each policy of a rule answered by an HTML file hashed for that file, and a
 * rule added for each page's file address. `publicDir` holds the files as the host serves them.
 */
export function hashPagePolicies(text: string, publicDir: string, cache?: DigestCache<PageScripts>): string {
  const { preamble, rules } = parseRules(text);
  const named = new Set(rules.map((r) => r.path));
  const added: Rule[] = [];
  for (const rule of rules) {
    if (!rule.lines.some((l) => POLICY_LINE.test(l))) continue;
    const file = servedFile(publicDir, rule.path);
    if (!file?.endsWith(".html")) continue;
    const html = fs.readFileSync(file, "utf8");
    const where = path.relative(process.cwd(), file);
    rule.lines = rule.lines.map((line) => {
      const m = POLICY_LINE.exec(line);
      return m ? `${m[1]}${pagePolicy(m[2], html, where, cache)}` : line;
    });
    const other = fileAddress(rule.path, file, publicDir);
    if (other && !named.has(other)) {
      named.add(other);
      added.push({ path: other, lines: [other, ...rule.lines.slice(1).filter((l) => /^\s+\S/.test(l))] });
    }
  }
  const body = [...preamble, ...rules.flatMap((r) => r.lines)].join("\n").replace(/\n*$/, "\n");
  if (!added.length) return body;
  return `${body}# gatsby/lib/pagePolicies.ts: the pages at their file addresses\n${added.map((r) => `${r.lines.join("\n")}\n`).join("")}`;
}

/** `adapter`, then each page's own policy in what it wrote (see above). */
export function withPagePolicies(adapter: IAdapter, publicDir = path.resolve("public")): IAdapter {
  return {
    ...adapter,
    async adapt(context) {
      await adapter.adapt(context);
      const file = path.join(publicDir, "_headers");
      fs.writeFileSync(file, hashPagePolicies(fs.readFileSync(file, "utf8"), publicDir, pageScriptsCache()));
    },
  };
}
