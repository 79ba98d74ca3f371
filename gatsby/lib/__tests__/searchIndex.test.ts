/** @jest-environment node */
import type { Route } from "../../../shared/routes";
import { searchDocument, searchVocabulary } from "../searchIndex";

const route = (kind: Route["kind"], title: string) => ({ path: "/x", kind, title, indexed: true }) as Route;
const html = `<html><body><header><a href="/">Logo</a></header><main id="main"><h1>Healthcare software</h1>
  <p>Patients first.</p><form><select><option>All industries</option></select></form></main><footer>Footer links</footer></body></html>`;

test("Pagefind reads the page's main content only, tagged with its kind and its name", () => {
  const doc = searchDocument(html, route("industry", "Health, care"));
  expect(doc).toContain("<h1>Healthcare software</h1>");
  expect(doc).toContain('data-pagefind-body=""');
  expect(doc).toContain('data-pagefind-meta="kind:industry"');
  expect(doc).toContain('data-pagefind-meta="title:Health\\, care"');
  for (const absent of ["Logo", "Footer links", "All industries"]) expect(doc).not.toContain(absent);
});

test("home, content and country pages are all of the kind 'page'", () => {
  for (const kind of ["home", "page", "country"] as const)
    expect(searchDocument(html, route(kind, "T"))).toContain('data-pagefind-meta="kind:page"');
  expect(searchDocument(html, route("work", "T"))).toContain('data-pagefind-meta="kind:work"');
});

test("the typo vocabulary: words of titles and headings, most frequent first, no short words", () => {
  expect(
    searchVocabulary([
      { title: "AI in Healthcare", headings: ["Healthcare software", "What we build"] },
      { title: "Finance", headings: ["Fintech software"] },
    ]),
  ).toEqual(["healthcare", "software", "build", "finance", "fintech", "what"]);
});
