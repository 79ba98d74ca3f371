import fs from "node:fs/promises";
import path from "node:path";
import { USED_BEFORE_SCRIPTS_ATTRIBUTE } from "../../shared/firstView";

/**
 * Gatsby's scripts run after the first view (ADR 0017). Gatsby writes them as `<script async>` at
 * the end of the body, and the browser runs an async script as soon as it has arrived: on a fast
 * connection in the middle of parsing, before the hero is painted, and on a slow phone their
 * evaluation (300 ms and more on a low-tier phone's CPU) then stands between the visitor and the
 * page's largest text or image. Here they are fetched and run once the page has loaded, its
 * loaded images are decoded and the browser has reported no new largest paint for three frames
 * (on a fast connection the page loads before its first paint, and an image is painted a frame
 * or two after it decodes); sooner if the visitor reaches for the page first (a key, a tap, a
 * click), and `LATEST_MS` after the document was parsed at the latest. Not preloaded: a preload,
 * even at low priority, shares the connection with the hero while it loads (Lighthouse's
 * simulation of a phone's network counted it against the largest paint: 1,435 against 1,064 ms
 * without, ADR 0017). Everything on screen is in the HTML,
 * and the links, the phone menu (invoker commands) and the forms work before the scripts run.
 *
 * Gatsby puts the scripts into the pages itself, after every hook that could change them (they
 * come from its `_gatsby-scripts` slice), so the built pages are rewritten after the build.
 */

/** At the latest this long after the document has been parsed, the scripts run anyway. */
export const LATEST_MS = 3000;

/** Gatsby's script elements, as it writes them. */
const GATSBY_SCRIPT = /<script src="(\/[^"]+\.js)" async(?:="")?><\/script>/g;
/** Only Gatsby's pages carry its chunk mapping: Decap's admin page and others are left alone. */
const GATSBY_PAGE = 'id="gatsby-chunk-mapping"';

/**
 * The starter, an inline script the same on every page but for the list (the build hashes it
 * into each page's policy like Gatsby's own inline scripts: gatsby/lib/pagePolicies.ts). It adds
 * the scripts in Gatsby's order, each async, as Gatsby wrote them.
 */
export function starter(sources: readonly string[]): string {
  return [
    "(function(){",
    `var s=${JSON.stringify(sources)},d=document,w=window,started=0,inputs=["keydown","pointerdown","touchstart"];`,
    "function run(){if(started)return;started=1;",
    "inputs.forEach(function(t){w.removeEventListener(t,used,true)});",
    's.forEach(function(u){var e=d.createElement("script");e.src=u;e.async=true;d.body.appendChild(e)})}',
    // Quiet: three frames since the browser last reported a largest paint (two where it reports none).
    "function quiet(){var n=0,seen=0,o=0;try{o=new PerformanceObserver(function(l){seen+=l.getEntries().length;n=0});",
    'o.observe({type:"largest-contentful-paint",buffered:true})}catch(e){o=0}',
    "(function tick(){requestAnimationFrame(function(){n++;if(o?seen&&n>=3:n>=2){o&&o.disconnect();setTimeout(run,0)}else tick()})})()}",
    "function afterPaint(){Promise.all([].slice.call(d.images).filter(function(i){return i.complete&&i.naturalWidth}).map(function(i){return i.decode().catch(function(){})})).then(quiet)}",
    // A visitor's input before the scripts: marked for the hydration gate, and the scripts start.
    `function used(){d.documentElement.setAttribute(${JSON.stringify(USED_BEFORE_SCRIPTS_ATTRIBUTE)},"");run()}`,
    "inputs.forEach(function(t){w.addEventListener(t,used,{capture:true,passive:true})});",
    'if(d.readyState==="complete")afterPaint();else w.addEventListener("load",afterPaint,{once:true});',
    `setTimeout(run,${LATEST_MS})})();`,
  ].join("");
}

/** What only a page already rewritten holds (a warm build keeps the pages it did not render). */
const STARTED = "function afterPaint(){";

/**
 * A page with Gatsby's scripts started by `starter` instead. A Gatsby page with neither Gatsby's
 * script elements nor the starter means Gatsby writes its scripts differently now: an error,
 * rather than pages whose scripts would run before the first view again unnoticed.
 */
export function withScriptsAfterFirstView(html: string, file = "a page"): string {
  if (!html.includes(GATSBY_PAGE)) return html;
  const sources: string[] = [];
  const body = html.replace(GATSBY_SCRIPT, (_, src: string) => {
    sources.push(src);
    return "";
  });
  if (!sources.length) {
    if (html.includes(STARTED)) return html;
    throw new Error(
      `${file}: no <script src="/….js" async> of Gatsby's found to start after the first view; ` +
        "Gatsby writes its scripts differently now: update GATSBY_SCRIPT in gatsby/lib/scriptsAfterFirstView.ts (docs/upgrading.md).",
    );
  }
  return body.replace(/<\/body>(?![\s\S]*<\/body>)/, `<script>${starter(sources)}</script></body>`);
}

/** Rewrites every page under `dir` (see above); returns how many it changed. */
export async function runScriptsAfterFirstView(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const changed = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const html = await fs.readFile(file, "utf8");
        const rewritten = withScriptsAfterFirstView(html, path.relative(dir, file));
        if (rewritten === html) return false;
        await fs.writeFile(file, rewritten);
        return true;
      }),
  );
  return changed.filter(Boolean).length;
}
