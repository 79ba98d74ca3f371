/**
 * The static HTML of every built page (public/, as the e2e run builds it), checked without a
 * browser.
 *
 * HTML validity: the W3C Nu Html Checker (vnu-jar, run on the machine's Java) over every page of
 * the build, in one Java process (it takes seconds to start). The site's own markup must be
 * valid. Set aside are only the kinds of error a bare Gatsby page has too. How they were found:
 * bench/fixture (a bare Gatsby site on the same installed Gatsby 5.16) built in a temporary copy;
 * vnu reported nothing on its plain page and the four image kinds below on its /image page (one
 * StaticImage). (The analytics tag is no longer in the static HTML: it is added at idle time, so
 * the three Partytown kinds once set aside here are gone.) Gatsby's slice fragment
 * public/_gatsby/slices/_gatsby-scripts-1.html, no page, gets a missing doctype and title there too.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { routeTable } from "../test/harness/routes";
import { decode } from "./lib/html";

const root = path.resolve(__dirname, "..");
const publicDir = path.join(root, "public");

interface GatsbyKind {
  /** The Gatsby feature whose markup draws the message. */
  feature: string;
  message: RegExp;
  /** That feature's markup in the message's extract: the same message about the site's own markup still counts. */
  marker: RegExp;
}

const LAZY_IMAGE =
  "gatsby-plugin-image's lazy <picture> (the browser gets srcset and src once the image is near)";

const GATSBY_KINDS: readonly GatsbyKind[] = [
  {
    feature: `${LAZY_IMAGE}: <source data-srcset>`,
    message: /^Element “source” is missing required attribute “srcset”\.$/,
    marker: /data-srcset="/,
  },
  {
    feature: `${LAZY_IMAGE}: sizes beside data-srcset on <source> and <img>`,
    message: /^The “sizes” attribute must only be specified if the “srcset” attribute is also specified\.$/,
    marker: /data-srcset="/,
  },
  {
    feature: `${LAZY_IMAGE}: <img data-src data-srcset> without src`,
    message: /^Element “img” is missing one or more of the following attributes: “src”, “srcset”\.$/,
    marker: /data-srcset="/,
  },
  {
    feature: 'gatsby-plugin-image\'s placeholder: <img alt="" role="presentation" aria-hidden="true">',
    message:
      /^An “img” element with a “role” attribute must not have an “alt” attribute whose value is the empty string\.$/,
    marker: /role="presentation"/,
  },
];

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Folders of public/ that hold no page: Gatsby's own fragments in _gatsby/ (slices it stitches
 * into pages at build time; a bare site has them too), page-data/ (JSON only), and ~partytown/,
 * Partytown's library as its package ships it (its sandbox documents are never shown: its service
 * worker answers them inside a hidden frame).
 */
const NOT_PAGES = new Set(["_gatsby", "page-data", "~partytown"]);

/** Every built page: the HTML files under public/, but in the folders above. */
function builtPages(dir = publicDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_PAGES.has(entry.name) ? [] : builtPages(file);
    return entry.name.endsWith(".html") ? [file] : [];
  });
}

async function vnu(files: string[]): Promise<VnuMessage[]> {
  const jar = require.resolve("vnu-jar/build/dist/vnu.jar");
  const relative = files.map((f) => path.relative(publicDir, f));
  // vnu exits 1 when it reports an error: its JSON report is the result either way.
  const { stdout } = await promisify(execFile)(
    "java",
    // Language detection only yields warnings, which --errors-only drops: skip its cost.
    ["-jar", jar, "--errors-only", "--no-langdetect", "--format", "json", "--stdout", ...relative],
    { cwd: publicDir, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { code?: string; stdout?: string; stderr?: string; message: string }) => {
    if (error.code === "ENOENT")
      throw new Error("the HTML checker (vnu) needs Java: apt-get install -y openjdk-17-jre-headless");
    if (!error.stdout) throw new Error(`vnu did not run: ${error.stderr || error.message}`);
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}

const isGatsbys = (m: VnuMessage): boolean =>
  GATSBY_KINDS.some((kind) => kind.message.test(m.message) && kind.marker.test(m.extract ?? ""));

test("every built page is valid HTML, apart from the kinds a bare Gatsby page has too", async () => {
  const pages = builtPages();
  // Every route of the site is among them (so an incomplete or missing build cannot pass).
  const files = new Set(pages.map((f) => path.relative(publicDir, f)));
  const missing = routeTable()
    // Where gatsby-adapter-netlify leaves a page of a trailingSlash "never" site: /about → about.html.
    .routes.map((r) => (r.path === "/" ? "index.html" : `${r.path.replace(/^\//, "")}.html`))
    .filter((f) => !files.has(f));
  assert.deepEqual(missing, [], "pages missing from public/: build the site first");

  const messages = await vnu(pages);
  const own = messages
    .filter((m) => !isGatsbys(m))
    .map(
      (m) => `${m.url.replace(/^.*?public\//, "")}:${m.lastLine ?? "?"}: ${m.message} [${m.extract ?? ""}]`,
    );
  assert.deepEqual(own, [], `${own.length} HTML errors of the site's own`);
});

/**
 * A link's accessible name as the static HTML gives it: aria-label, or else its text with
 * images' alt text and without what is hidden from assistive technology (aria-hidden, icons).
 */
function linkName(attrs: string, inner: string): string {
  const label = /\baria-label="([^"]*)"/.exec(attrs)?.[1];
  const text = inner
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<svg\b[\s\S]*?<\/svg>/g, "")
    .replace(/<(\w+)\b[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, "");
  return decode(label ?? text)
    .replace(/\s+/g, " ")
    .trim();
}

test("a page carries no script or style for a component the site does not use (gatsby-plugin-image's own)", () => {
  const found: string[] = [];
  for (const file of builtPages()) {
    const html = fs.readFileSync(file, "utf8");
    // The site's images are plain <picture> elements: no page has the plugin's wrapper...
    assert.ok(!/class="[^"]*gatsby-image-wrapper/.test(html), `${file} uses <GatsbyImage>`);
    // ...so none needs its styles or the module script that fades its images in.
    if (/\.gatsby-image-wrapper|data-main-image|<script type="module"/.test(html))
      found.push(path.relative(publicDir, file));
  }
  assert.deepEqual(found, []);
});

test("an image is offered in no size smaller than any screen picks (half its width at the least)", () => {
  const found: string[] = [];
  let images = 0;
  for (const file of builtPages()) {
    const html = fs.readFileSync(file, "utf8");
    for (const [picture] of html.matchAll(/<picture\b[\s\S]*?<\/picture>/g)) {
      const width = Number(/<img\b[^>]*\bwidth="(\d+)"/.exec(picture)?.[1]);
      const candidates = [...picture.matchAll(/ (\d+)w\b/g)].map((m) => Number(m[1]));
      if (!width || !candidates.length) continue;
      images += 1;
      const smallest = Math.min(...candidates);
      if (smallest < width / 2 - 1)
        found.push(`${path.relative(publicDir, file)}: a ${width} px image offered at ${smallest}w`);
    }
  }
  assert.ok(images > 100, `only ${images} responsive images in the build`);
  assert.deepEqual(found.slice(0, 10), []);
});

test("a page's head fits phones and names no framework version; the starter alone sets the page's path", () => {
  const found: string[] = [];
  for (const file of builtPages()) {
    const html = fs.readFileSync(file, "utf8");
    const name = path.relative(publicDir, file);
    if (!html.includes('id="___gatsby"')) continue; // Decap's admin page is its own
    const viewports = [...html.matchAll(/<meta name="viewport" content="([^"]*)"/g)].map((m) => m[1]);
    if (viewports.join("|") !== "width=device-width, initial-scale=1")
      found.push(`${name}: viewport ${viewports}`);
    // What only Internet Explorer reads, and Gatsby's version for anyone probing for its flaws.
    if (/x-ua-compatible|name="generator"/i.test(html)) found.push(`${name}: x-ua-compatible or generator`);
    // Gatsby's scripts start from the starter, which sets the page's path itself.
    if (html.includes("gatsby-script-loader")) found.push(`${name}: Gatsby's script for the page's path`);
  }
  assert.deepEqual(found, []);
});

test("no two links on a page share a name but lead to different pages (screen readers list links by name)", () => {
  const clashes: string[] = [];
  let workLinks = 0;
  for (const file of builtPages()) {
    const targets = new Map<string, Set<string>>();
    for (const [, attrs, inner] of fs.readFileSync(file, "utf8").matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
      const href = /\bhref="([^"]*)"/.exec(attrs)?.[1];
      if (!href) continue;
      const target = decode(href).replace(/\/(?=$|[?#])/, "");
      if (target.startsWith("/works/")) workLinks += 1;
      const name = linkName(attrs, inner);
      targets.set(name, new Set([...(targets.get(name) ?? []), target]));
    }
    for (const [name, set] of targets)
      if (set.size > 1)
        clashes.push(`${path.relative(publicDir, file)}: "${name}" -> ${[...set].join(", ")}`);
  }
  // The footer links every case study from every page, so the check has work links to look at.
  assert.ok(workLinks > 1000, `only ${workLinks} links to case studies in the build`);
  assert.deepEqual(clashes, []);
});
