/** @jest-environment node */
import { markdownPath } from "../../../shared/alternates";
import { llmsFullTxt, markdownHeadings, markdownRoutes, pageMarkdown } from "../markdown";
import type { Route } from "../../../shared/routes";

const SITE = "https://www.example.com";

const page = (main: string) =>
  `<!doctype html><html><head><title>x</title><script>var a=1</script></head><body>
  <header><nav><a href="/about">About</a></nav></header>
  <main id="main">${main}</main><footer><a href="/privacy">Privacy</a></footer></body></html>`;

test("the Markdown holds the page's main content: headings, text, lists, absolute links, images with alt", () => {
  const md = pageMarkdown(
    {
      path: "/services/nlp-solutions",
      html: page(`
        <nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li>NLP</li></ol></nav>
        <h1>Language AI that <em>reads</em> like a person</h1>
        <p>We build <a href="/works/intain">document extraction</a> &amp; search.</p>
        <h2>What you get</h2>
        <ul><li>Entity extraction</li><li>Classification</li></ul>
        <ol><li><h3>Discovery</h3><p>We read your documents.</p></li></ol>
        <ul><li><p>Finance</p><h3><a href="/works/humm">Humm</a></h3></li></ul>
        <div data-gatsby-image-wrapper><img aria-hidden="true" src="data:image/png;base64,xx" alt="">
          <picture><img data-src="/static/abc/cover.jpg" alt="Intain review screen"></picture>
          <noscript><img src="/static/abc/cover.jpg" alt="Intain review screen"></noscript></div>
        <img src="/static/decor.svg" alt="">
        <form role="search"><label for="f">Industry</label><select id="f"><option>All</option></select></form>
        <p role="status">Showing all 39 case studies</p>
        <dialog><h2>Hidden dialog</h2></dialog>
        <h3>Questions</h3><p>Ask <a href="https://other.example/x">elsewhere</a> or <a href="#faq">below</a>.</p>`),
    },
    SITE,
  );
  expect(md).toContain("# Language AI that _reads_ like a person");
  expect(md).toContain(`We build [document extraction](${SITE}/works/intain) & search.`);
  expect(md).toMatch(/^- +Entity extraction$/m);
  expect(md).toContain(`![Intain review screen](${SITE}/static/abc/cover.jpg)`);
  expect(md.match(/!\[/g)).toHaveLength(1); // no placeholder, no decoration, no noscript copy
  expect(md).toContain("[elsewhere](https://other.example/x)");
  expect(md).toContain(`[Home](${SITE}/)`);
  for (const absent of ["Industry", "All", "Showing all", "Hidden dialog", "About", "Privacy", "var a"])
    expect(md).not.toContain(absent);
  expect(md.trimEnd().endsWith(`Source: ${SITE}/services/nlp-solutions`)).toBe(true);
  expect(markdownHeadings(md)).toEqual([
    { level: 1, text: "Language AI that reads like a person" },
    { level: 2, text: "What you get" },
    { level: 3, text: "Discovery" },
    { level: 3, text: "Humm" },
    { level: 3, text: "Questions" },
  ]);
});

test("a page without <main> stops the build, naming the page", () => {
  expect(() => pageMarkdown({ path: "/x", html: "<html><body><p>hi</p></body></html>" }, SITE)).toThrow(
    /\/x: the built page has no <main>/,
  );
});

test("every indexable route gets a copy at a predictable address; noindex routes none", () => {
  const route = (path: string, indexed: boolean) => ({ path, indexed }) as Route;
  expect(
    markdownRoutes([route("/", true), route("/new-home", false), route("/about", true)]).map((r) => r.path),
  ).toEqual(["/", "/about"]);
  expect(markdownPath("/")).toBe("/index.md");
  expect(markdownPath("/services/nlp-solutions")).toBe("/services/nlp-solutions.md");
  expect(markdownPath("/works/")).toBe("/works.md");
});

test("llms-full.txt holds every page's Markdown under its address", () => {
  const txt = llmsFullTxt({ name: "Acme", siteUrl: SITE }, [
    { path: "/", markdown: "# Home\n" },
    { path: "/about", markdown: "# About\n" },
  ]);
  expect(txt.startsWith("# Acme: every page in Markdown\n")).toBe(true);
  expect(txt.indexOf(`<!-- ${SITE}/ -->`)).toBeLessThan(txt.indexOf("# Home"));
  expect(txt.indexOf(`<!-- ${SITE}/about -->`)).toBeLessThan(txt.indexOf("# About"));
});
