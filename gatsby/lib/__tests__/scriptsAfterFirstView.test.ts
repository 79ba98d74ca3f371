/** @jest-environment node */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LATEST_MS, runScriptsAfterFirstView, withScriptsAfterFirstView } from "../scriptsAfterFirstView";

/** What Gatsby's `_gatsby-scripts` slice holds: the start-up data and the scripts. */
const slice = (hash = "abc123", app = "/app-3.js") =>
  [
    `<script\n  id="gatsby-chunk-mapping"\n>\n  window.___chunkMapping="{\\"app\\":[\\"${app}\\"]}";\n</script>\n`,
    `<script>window.___webpackCompilationHash="${hash}";</script>`,
    '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>',
    `<script src="${app}" async></script>`,
  ].join("");

/** A page as Gatsby writes it: its scripts come from the slice, between its marks. */
const page = [
  "<!DOCTYPE html><html><head><title>About</title></head><body><main><h1>About</h1></main>",
  '<script id="gatsby-script-loader">/*<![CDATA[*/window.pagePath="/about";/*]]>*/</script>',
  `<!-- slice-start id="_gatsby-scripts-1" -->${slice()}<!-- slice-end id="_gatsby-scripts-1" -->`,
  "\n          </body></html>",
].join("");

/** What Gatsby's warm build does to a page whose scripts changed: the slice's new content between its marks. */
const stitched = (html: string, content: string) =>
  html.replace(
    /(<!-- slice-start id="_gatsby-scripts-1" -->)[\s\S]*?(<!-- slice-end id="_gatsby-scripts-1" -->)/,
    `$1${content}$2`,
  );

test("Gatsby's scripts are neither fetched nor run while the page loads", () => {
  const { html } = withScriptsAfterFirstView(page);
  expect(html).not.toMatch(/<script[^>]* src=/);
  expect(html).not.toMatch(/<link[^>]*\.js/);
  // The starter ends the body: the one script left, which sets the page's path before anything
  // else. The slice's marks stay, for Gatsby's warm builds to stitch its scripts in again.
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html).toMatch(
    /<script>\(function\(\)\{window\.pagePath="\/about";.*\}\)\(\);<\/script><\/body><\/html>$/,
  );
  expect(html).toContain(
    '<!-- slice-start id="_gatsby-scripts-1" --><!-- slice-end id="_gatsby-scripts-1" -->',
  );
});

test("a page a warm build stitched new scripts into gets one starter, for the new scripts, with its path", () => {
  const earlier = withScriptsAfterFirstView(page).html;
  const { html, data } = withScriptsAfterFirstView(stitched(earlier, slice("def456", "/app-4.js")));
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html).toContain('window.pagePath="/about";');
  expect(html).toContain(
    `[${JSON.stringify(data?.file)},"/webpack-runtime-1.js","/framework-2.js","/app-4.js"]`,
  );
  expect(html).not.toContain("/app-3.js");
  expect(data?.text).toContain('window.___webpackCompilationHash="def456";');
});

test("Gatsby's start-up data leaves the page for one file, named by its content, which runs first", () => {
  const { html, data } = withScriptsAfterFirstView(page);
  expect(html).not.toContain("___chunkMapping");
  expect(html).not.toContain("___webpackCompilationHash");
  expect(data?.file).toMatch(/^\/static\/gatsby-startup-[0-9a-f]{20}\.js$/);
  expect(data?.text).toBe(
    'window.___chunkMapping="{\\"app\\":[\\"/app-3.js\\"]}";\nwindow.___webpackCompilationHash="abc123";\n',
  );
  expect(html).toContain(
    `[${JSON.stringify(data?.file)},"/webpack-runtime-1.js","/framework-2.js","/app-3.js"]`,
  );
  // Another build's data is another file, so a year's caching never serves a stale one.
  const next = withScriptsAfterFirstView(page.replace("abc123", "def456"));
  expect(next.data?.file).not.toBe(data?.file);
});

test("the starter runs them in Gatsby's order once the page has loaded and painted, on the first input, or after 3 s", () => {
  const { html } = withScriptsAfterFirstView(page);
  expect(html).toContain('"/webpack-runtime-1.js","/framework-2.js","/app-3.js"]');
  // In the list's order: the data before the scripts that read it.
  expect(html).toContain("e.async=false");
  expect(html).toContain('addEventListener("load",afterPaint');
  expect(html).toContain('"keydown","pointerdown","touchstart"');
  expect(html).toContain(`setTimeout(run,${LATEST_MS})`);
});

test("a page that is not Gatsby's (Decap's admin) is left as it is, and a rewritten page is not rewritten again", () => {
  const admin = '<html><head></head><body><script src="/admin/cms.js" async></script></body></html>';
  expect(withScriptsAfterFirstView(admin).html).toBe(admin);
  const once = withScriptsAfterFirstView(page).html;
  expect(withScriptsAfterFirstView(once).html).toBe(once);
});

test("a warm build: a page rendered again gets the new styles' table; one only stitched keeps its own", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "first-view-"));
  const styled = (group: number, name: string) =>
    page.replace(
      "</head>",
      `<style data-styled="" data-styled-version="6.6.0">.${name}{color:red;}/*!sc*/\ndata-styled.g${group}[id="sc-a-0"]{content:"${name},"}/*!sc*/\n</style></head>`,
    );
  try {
    await fs.mkdir(path.join(dir, "static"));
    await fs.writeFile(path.join(dir, "about.html"), styled(7, "abc"));
    await fs.writeFile(path.join(dir, "contact.html"), styled(7, "abc").replace('"/about"', '"/contact"'));
    expect(await runScriptsAfterFirstView(dir)).toBe(2);
    // The next build renders /contact again (its renderer numbers the component 3 now) and stitches
    // its new scripts into /about.
    const about = await fs.readFile(path.join(dir, "about.html"), "utf8");
    await fs.writeFile(path.join(dir, "about.html"), stitched(about, slice("def456", "/app-4.js")));
    await fs.writeFile(
      path.join(dir, "contact.html"),
      stitched(styled(3, "abc").replace('"/about"', '"/contact"'), slice("def456", "/app-4.js")),
    );
    expect(await runScriptsAfterFirstView(dir)).toBe(2);
    const tableOf = async (name: string) => {
      const html = await fs.readFile(path.join(dir, name), "utf8");
      const file = /\[("\/static\/gatsby-startup-[^"]+")/.exec(html)?.[1];
      const text = await fs.readFile(path.join(dir, JSON.parse(file!) as string), "utf8");
      expect(text).toContain('window.___webpackCompilationHash="def456";');
      return /window\.___scGroups=(.*);/.exec(text)?.[1];
    };
    expect(await tableOf("about.html")).toBe('{"7":["sc-a-0","abc"]}');
    expect(await tableOf("contact.html")).toBe('{"3":["sc-a-0","abc"]}');
  } finally {
    await fs.rm(dir, { recursive: true });
  }
});

test("the built pages are rewritten and their start-up data written beside them, once", async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "first-view-"));
  try {
    await fs.mkdir(path.join(dir, "works"));
    await fs.mkdir(path.join(dir, "static"));
    await fs.writeFile(path.join(dir, "about.html"), page);
    await fs.writeFile(path.join(dir, "works", "humm.html"), page.replace('"/about"', '"/works/humm"'));
    expect(await runScriptsAfterFirstView(dir)).toBe(2);
    const { data } = withScriptsAfterFirstView(page);
    expect(await fs.readFile(path.join(dir, data!.file), "utf8")).toBe(data!.text);
    expect(await fs.readFile(path.join(dir, "works", "humm.html"), "utf8")).toContain(data!.file);
    expect(await runScriptsAfterFirstView(dir)).toBe(0);
  } finally {
    await fs.rm(dir, { recursive: true });
  }
});

test("a Gatsby page whose scripts are written some other way fails the build, naming the page", () => {
  const changed = page.replace(/ async><\/script>/g, ' defer=""></script>');
  expect(() => withScriptsAfterFirstView(changed, "about.html")).toThrow(
    /about\.html: no <script src="\/….js" async> of Gatsby's found.*update GATSBY_SCRIPT/,
  );
  const noData = page.replace(/<script>window.___webpackCompilationHash[^<]*<\/script>/, "");
  expect(() => withScriptsAfterFirstView(noData, "about.html")).toThrow(
    /about\.html: Gatsby's chunk mapping and compilation hash were not found together.*GATSBY_DATA/,
  );
  const noPath = page.replace(/<script id="gatsby-script-loader">.*?<\/script>/, "");
  expect(() => withScriptsAfterFirstView(noPath, "about.html")).toThrow(
    /about\.html: Gatsby's <script id="gatsby-script-loader"> with the page's path was not found/,
  );
});
