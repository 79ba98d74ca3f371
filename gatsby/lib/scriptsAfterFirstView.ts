import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../shared/firstView";
import {
  collectStyleGroups,
  STYLE_TABLE_START,
  styleGroupsScript,
  styleRecordsTaken,
  withoutStyleRecords,
  type StyleGroup,
} from "./styleRecords";

/**
 * Gatsby's scripts run after the first view (ADR 0017). Gatsby writes them as `<script async>` at
 * the end of the body, and the browser runs an async script as soon as it has arrived: on a fast
 * connection in the middle of parsing, before the hero is painted, and on a slow phone their
 * evaluation (300 ms and more on a low-tier phone's CPU) then stands between the visitor and the
 * page's largest text or image. Here they are fetched and run once the page has loaded, its
 * loaded images are decoded and the browser has reported no new largest paint for three frames
 * (two frames in an engine that reports none, WebKit; on a fast connection the page loads before
 * its first paint, and an image is painted a frame or two after it decodes); sooner if the visitor reaches for the page first (a key, a tap, a
 * click), and `LATEST_MS` after the document was parsed at the latest. Not preloaded: a preload,
 * even at low priority, shares the connection with the hero while it loads (Lighthouse's
 * simulation of a phone's network counted it against the largest paint: 1,435 against 1,064 ms
 * without, ADR 0017). Everything on screen is in the HTML,
 * and the links, the phone menu (invoker commands) and the forms work before the scripts run.
 *
 * Gatsby puts the scripts into the pages itself, after every hook that could change them (they
 * come from its `_gatsby-scripts` slice), so the built pages are rewritten after the build.
 *
 * The data Gatsby's scripts read when they start (its chunk mapping, every template's bundles, and
 * the build's compilation hash) is the same on every page and only needed by those scripts, so it
 * leaves the page too: into one small file under /static/, named by its content (so cached for a
 * year, like every file there), that the starter runs first; and the page's path, the one thing
 * Gatsby writes for its scripts that differs by page, moves into the starter. That is 0.6 KB of
 * gzip less in every page, and a page's document is what a phone's first round trip carries: a
 * compressed page over about 14 KB takes one more
 * (docs/performance.md, "Why the LCP of some templates…").
 */

/** At the latest this long after the document has been parsed, the scripts run anyway. */
export const LATEST_MS = 3000;

/** Gatsby's script elements, as it writes them. */
const GATSBY_SCRIPT = /<script src="(\/[^"]+\.js)" async(?:="")?><\/script>/g;
/** Only Gatsby's pages carry its chunk mapping: Decap's admin page and others are left alone. */
const GATSBY_PAGE = 'id="gatsby-chunk-mapping"';
/** Gatsby's start-up data: its chunk mapping, then its compilation hash, as the slice writes them. */
const GATSBY_DATA =
  /<script\s+id="gatsby-chunk-mapping"\s*>([\s\S]*?)<\/script>\s*<script>(window\.___webpackCompilationHash=[^<]*)<\/script>/;
/**
 * The page's own path, which Gatsby's scripts read when they start, in a script element of its
 * own (in a CDATA comment, as Gatsby writes it): it moves into the starter, which sets it first.
 */
const GATSBY_PAGE_PATH =
  /<script id="gatsby-script-loader">(?:\/\*<!\[CDATA\[\*\/)?(window\.pagePath="[^"<]*";)(?:\/\*\]\]>\*\/)?<\/script>/;
/**
 * A starter an earlier build wrote: the page's path it sets (since this build's starters) and the
 * start-up file it runs first. Gatsby's warm builds stitch a page's scripts in again without
 * rendering the page (when only its scripts changed: between the `_gatsby-scripts` slice's marks,
 * which stay in the page for that), so a page can hold an earlier starter beside Gatsby's new
 * scripts: the earlier one goes.
 */
const EARLIER_STARTER =
  /<script>\(function\(\)\{(window\.pagePath="[^"<]*";)?var s=\["([^"]+)"[\s\S]*?<\/script>/;

/**
 * The starter, an inline script the same on every page but for the page's path (`first`, the
 * statement that sets it) and the list (the build hashes it into each page's policy like
 * Gatsby's own inline scripts: gatsby/lib/pagePolicies.ts). It adds the scripts in the list's
 * order, fetched side by side and run in that order (`async=false`): the start-up data first,
 * then Gatsby's scripts in Gatsby's order.
 */
export function starter(sources: readonly string[], first = ""): string {
  return [
    `(function(){${first}`,
    `var s=${JSON.stringify(sources)},d=document,w=window,started=0,inputs=["keydown","pointerdown","touchstart"];`,
    "function run(){if(started)return;started=1;",
    "inputs.forEach(function(t){w.removeEventListener(t,used,true)});",
    's.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=false;d.body.appendChild(e)})}',
    // Quiet: three frames since the browser last reported a largest paint; two in an engine that
    // reports none (WebKit: an observer of an entry type it lacks is created, and never called,
    // so its visitors waited for LATEST_MS).
    "function quiet(){var n=0,seen=0,o=0,P=w.PerformanceObserver;",
    'try{if(P.supportedEntryTypes.indexOf("largest-contentful-paint")>=0){o=new P(function(l){seen+=l.getEntries().length;n=0});',
    'o.observe({type:"largest-contentful-paint",buffered:true})}}catch(e){o=0}',
    "(function tick(){requestAnimationFrame(function(){n++;if(o?seen&&n>=3:n>=2){o&&o.disconnect();setTimeout(run,0)}else tick()})})()}",
    "function afterPaint(){Promise.all([].slice.call(d.images).filter(function(i){return i.complete&&i.naturalWidth}).map(function(i){return i.decode().catch(function(){})})).then(quiet)}",
    // A visitor's input before the scripts: marked for the hydration gate, and the scripts start.
    `function used(){d.documentElement.setAttribute(${JSON.stringify(USED_BEFORE_SCRIPTS_ATTRIBUTE)},"");run()}`,
    "inputs.forEach(function(t){w.addEventListener(t,used,{capture:true,passive:true})});",
    'if(d.readyState==="complete")afterPaint();else w.addEventListener("load",afterPaint,{once:true});',
    `setTimeout(run,${LATEST_MS})})();`,
  ].join("");
}

/** Gatsby's start-up data as a script file: its name (hashed like Gatsby's bundles) and text. */
export interface StartupData {
  file: string;
  text: string;
}

/**
 * The file that carries a page's start-up data, named by its content: Gatsby's chunk mapping and
 * compilation hash, and `extra` (the build's styled-components table: gatsby/lib/styleRecords.ts).
 */
export function startupData(chunkMapping: string, compilationHash: string, extra = ""): StartupData {
  const text = `${chunkMapping.trim()}\n${compilationHash.trim()}\n${extra ? `${extra}\n` : ""}`;
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 20);
  return { file: `/static/gatsby-startup-${hash}.js`, text };
}

/**
 * A page with Gatsby's scripts started by `starter` instead, and its start-up data (with `extra`)
 * moved to the file it returns (`data`), which the starter runs first. A Gatsby page with neither
 * Gatsby's script elements nor the starter, or without the start-up data where Gatsby writes it,
 * means Gatsby writes its scripts differently now: an error, rather than pages whose scripts would
 * run before the first view again (or without their data) unnoticed.
 */
export function withScriptsAfterFirstView(
  html: string,
  file = "a page",
  extra = "",
): { html: string; data?: StartupData } {
  if (!html.includes(GATSBY_PAGE)) return { html };
  const changed = (what: string) =>
    new Error(
      `${file}: ${what}; Gatsby writes its scripts differently now: update GATSBY_SCRIPT, GATSBY_DATA and ` +
        "GATSBY_PAGE_PATH in gatsby/lib/scriptsAfterFirstView.ts (docs/upgrading.md).",
    );
  const sources: string[] = [];
  let body = html.replace(GATSBY_SCRIPT, (_, src: string) => {
    sources.push(src);
    return "";
  });
  if (!sources.length)
    throw changed(`no <script src="/….js" async> of Gatsby's found to start after the first view`);
  const found = GATSBY_DATA.exec(body);
  if (!found) throw changed("Gatsby's chunk mapping and compilation hash were not found together");
  const data = startupData(found[1], found[2], extra);
  body = body.replace(found[0], "");
  const earlier = EARLIER_STARTER.exec(body);
  if (earlier) body = body.replace(earlier[0], "");
  // The page's path: Gatsby's script for it, or else the earlier starter that took it over.
  const loader = GATSBY_PAGE_PATH.exec(body);
  if (loader) body = body.replace(loader[0], "");
  const pagePath = loader?.[1] ?? earlier?.[1];
  if (!pagePath)
    throw changed("Gatsby's <script id=\"gatsby-script-loader\"> with the page's path was not found");
  return {
    html: body.replace(
      /<\/body>(?![\s\S]*<\/body>)/,
      `<script>${starter([data.file, ...sources], pagePath)}</script></body>`,
    ),
    data,
  };
}

/**
 * The styled-components table a page rewritten by an earlier build needs (its styles' records
 * left it then, numbered by that build's renderer): the one in the start-up file its earlier
 * starter runs. Gatsby's warm builds keep the pages they do not render, but may stitch their
 * scripts in again.
 */
async function earlierStyleTable(dir: string, html: string, name: string): Promise<string> {
  const earlier = EARLIER_STARTER.exec(html);
  const text = earlier
    ? await fs.readFile(path.join(dir, earlier[2]), "utf8").catch(() => undefined)
    : undefined;
  if (text === undefined)
    throw new Error(
      `${name}: its styles' records were taken out by an earlier build, whose start-up file ` +
        `(${earlier?.[2] ?? "named by its starter"}) is not there; run a clean build (\`npm run clean\`).`,
    );
  return text.split("\n").find((line) => line.startsWith(STYLE_TABLE_START)) ?? "";
}

/**
 * Rewrites every Gatsby page under `dir` that holds Gatsby's scripts (all of them after a cold
 * build; after a warm one, those Gatsby rendered or stitched its scripts into again): its
 * styled-components records out (gatsby/lib/styleRecords.ts), its scripts after the first view
 * (above); and writes their start-up data. Gatsby's own fragment of the slice
 * (public/_gatsby/slices/) stays as Gatsby wrote it: warm builds stitch it into pages. Returns
 * how many pages it changed.
 */
export async function runScriptsAfterFirstView(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const pages = (
    await Promise.all(
      entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
        .map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          return { file, name: path.relative(dir, file), html: await fs.readFile(file, "utf8") };
        }),
    )
  ).filter(({ html, name }) => html.includes(GATSBY_PAGE) && !name.startsWith(`_gatsby${path.sep}`));
  const groups = new Map<number, StyleGroup>();
  for (const { html, name } of pages) collectStyleGroups(html, name, groups);
  const table = groups.size ? styleGroupsScript(groups) : "";
  const data = new Map<string, string>();
  for (const page of pages) {
    const extra = styleRecordsTaken(page.html) ? await earlierStyleTable(dir, page.html, page.name) : table;
    const rewritten = withScriptsAfterFirstView(
      withoutStyleRecords(page.html, page.name, groups),
      page.name,
      extra,
    );
    if (rewritten.data) data.set(rewritten.data.file, rewritten.data.text);
    page.html = rewritten.html;
  }
  await Promise.all([
    ...[...data].map(([name, text]) => fs.writeFile(path.join(dir, name), text)),
    ...pages.map(({ file, html }) => fs.writeFile(file, html)),
  ]);
  return pages.length;
}
