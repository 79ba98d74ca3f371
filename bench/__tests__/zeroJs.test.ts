/** @jest-environment node */
import { withoutScripts } from "../zeroJs";

test("the zero-JS copy of a page has no JavaScript and keeps everything else, the JSON-LD included", () => {
  const page = [
    '<html><head><link rel="preload" as="script" href="/app-1.js"/><link rel="preload" as="fetch" href="/page-data/a.json"/>',
    '<script type="module">document.body.dataset.x="1"</script>',
    '<script type="application/ld+json" data-gatsby-head="true">{"@type":"Organization"}</script></head>',
    '<body><h1>About</h1><script>window.pagePath="/about";</script><script src="/app-1.js" async></script></body></html>',
  ].join("");
  expect(withoutScripts(page)).toBe(
    '<html><head><script type="application/ld+json" data-gatsby-head="true">{"@type":"Organization"}</script></head>' +
      "<body><h1>About</h1></body></html>",
  );
});
