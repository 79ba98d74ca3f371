/** @jest-environment node */
import { LATEST_MS, withScriptsAfterFirstView } from "../scriptsAfterFirstView";

/** A page as Gatsby writes it: its scripts come from the `_gatsby-scripts` slice. */
const page = [
  "<!DOCTYPE html><html><head><title>About</title></head><body><main><h1>About</h1></main>",
  '<script id="gatsby-script-loader">window.pagePath="/about";</script>',
  '<script id="gatsby-chunk-mapping">window.___chunkMapping="{}";</script>',
  '<script src="/webpack-runtime-1.js" async></script><script src="/framework-2.js" async></script>',
  '<script src="/app-3.js" async></script></body></html>',
].join("");

test("Gatsby's scripts are neither fetched nor run while the page loads", () => {
  const html = withScriptsAfterFirstView(page);
  expect(html).not.toMatch(/<script[^>]* src=/);
  expect(html).not.toMatch(/<link[^>]*\.js/);
  // Gatsby's data scripts stay where they were; the starter ends the body.
  expect(html).toMatch(
    /window.___chunkMapping="\{\}";<\/script><script>\(function\(\)\{.*\}\)\(\);<\/script><\/body><\/html>$/,
  );
});

test("the starter runs them in Gatsby's order once the page has loaded and painted, on the first input, or after 3 s", () => {
  const html = withScriptsAfterFirstView(page);
  expect(html).toContain('["/webpack-runtime-1.js","/framework-2.js","/app-3.js"]');
  expect(html).toContain('addEventListener("load",afterPaint');
  expect(html).toContain('"keydown","pointerdown","touchstart"');
  expect(html).toContain(`setTimeout(run,${LATEST_MS})`);
});

test("a page that is not Gatsby's (Decap's admin) is left as it is, and a rewritten page is not rewritten again", () => {
  const admin = '<html><head></head><body><script src="/admin/cms.js" async></script></body></html>';
  expect(withScriptsAfterFirstView(admin)).toBe(admin);
  const once = withScriptsAfterFirstView(page);
  expect(withScriptsAfterFirstView(once)).toBe(once);
});

test("a Gatsby page whose scripts are written some other way fails the build, naming the page", () => {
  const changed = page.replace(/ async><\/script>/g, ' defer=""></script>');
  expect(() => withScriptsAfterFirstView(changed, "about.html")).toThrow(
    /about\.html: no <script src="\/….js" async> of Gatsby's found.*update GATSBY_SCRIPT/,
  );
});
