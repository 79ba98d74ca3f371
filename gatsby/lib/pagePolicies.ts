/**
 * Each page's own Content-Security-Policy: the site's policy (gatsby/lib/headers.ts) plus the
 * hashes of exactly the inline scripts in the HTML file that page is answered with
 * (gatsby/lib/csp.ts). Gatsby reads its config before anything is built, so the hashes cannot be
 * in it. Once the adapter has written `public/_headers` and moved the pages where the host serves
 * them (`/about` → `public/about.html`), `pagePolicies` (called by the adapter wrapper,
 * gatsby/lib/hostRules.ts) works from those final files: what is hashed is what is served.
 *
 * - The catch-all `/*` rule's policy gets the 404 page's hashes (`public/404.html`): a path
 *   without a file of its own is answered with the 404 page.
 * - Each HTML document gets one rule at its address and one at its file address (`/about`,
 *   `/about.html`; `/`, `/index.html`), the policy only: every other header comes from the
 *   pattern rules before them, so what `_headers` holds per page is one policy twice (about 1.6 KB),
 *   and nothing per image or script. The documents of a folder with a policy rule of its own (the
 *   CMS under `/admin/`, Partytown's sandbox) keep that rule's.
 *
 * `npm start` reads the same `public/_headers` (scripts/siteServer/netlifyRules.ts).
 */
import fs from "node:fs";
import path from "node:path";
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

/** The address of an HTML document (`about.html` → `/about`, `works/index.html` → `/works`) and its file's. */
export function pageAddresses(relative: string): string[] {
  const file = `/${relative.split(path.sep).join("/")}`;
  const page = file.replace(/(\/index)?\.html$/, "") || "/";
  return page === file ? [file] : [page, file];
}

const POLICY_LINE = /^(\s+content-security-policy:\s*)(.*)$/i;

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

const policyOf = (rule: Rule) => rule.lines.map((l) => POLICY_LINE.exec(l)?.[2]).find(Boolean);

/** The folders (`/admin/`) whose pattern rule (`/admin/*`) gives their files a policy. */
const policyFolders = (rules: Rule[]) =>
  rules
    .filter((r) => r.path !== "/*" && r.path.endsWith("/*") && policyOf(r))
    .map((r) => r.path.slice(0, -1));

/**
 * `_headers` text with the `/*` rule's policy hashed for the 404 page, and a rule for each HTML
 * document in `publicDir` (the files as the host serves them) at the end, with its own policy.
 */
export function pagePolicies(text: string, publicDir: string, cache?: DigestCache<PageScripts>): string {
  const { preamble, rules } = parseRules(text);
  const everywhere = rules.find((r) => r.path === "/*" && policyOf(r));
  const sitePolicy = everywhere && policyOf(everywhere);
  if (!everywhere || !sitePolicy)
    throw new PagePolicyError(`${publicDir}/_headers: no /* rule with a policy`);
  const hashed = (file: string) =>
    pagePolicy(sitePolicy, fs.readFileSync(file, "utf8"), path.relative(process.cwd(), file), cache);
  const notFound = path.join(publicDir, "404.html");
  if (fs.existsSync(notFound)) {
    everywhere.lines = everywhere.lines.map((line) => line.replace(POLICY_LINE, `$1${hashed(notFound)}`));
  }
  const folders = policyFolders(rules);
  // (A folder may be named like a page: public/page-data/404.html/.)
  const documents = fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.relative(publicDir, path.join(entry.parentPath, entry.name)))
    .filter((f) => !folders.some((d) => `/${f.split(path.sep).join("/")}`.startsWith(d)))
    .sort();
  const pages = documents.flatMap((relative) => {
    const policy = hashed(path.join(publicDir, relative));
    return pageAddresses(relative).map((address) => `${address}\n  content-security-policy: ${policy}\n`);
  });
  const body = [...preamble, ...rules.flatMap((r) => r.lines)].join("\n").replace(/\n*$/, "\n");
  return `${body}# gatsby/lib/pagePolicies.ts: each page's policy, at its address and as its file\n${pages.join("")}`;
}
