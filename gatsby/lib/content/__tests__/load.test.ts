/** @jest-environment node */
import { ContentError, loadContent, loadSite } from "..";
import { contentProblems, makeContent, work, type Fixture } from "../../../../test/contentFixture";

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());
const problems = () => contentProblems(fx);

test("valid content loads with every collection", () => {
  const content = loadContent(fx.dir, { displayRoot: fx.dir });
  expect(content.services).toHaveLength(6);
  expect(content.works[0].slug).toBe("acme");
  expect(content.site.name).toBe("Test Agency");
});

test("a duplicate slug is reported on the second file", () => {
  fx.write("works/acme.yml", work("acme"));
  expect(problems()).toMatch(
    /works\/acme\.yml › slug: duplicate slug "acme", also used by works\/acme\.yaml/,
  );
});

test("a slug that does not match the file name says both ways to fix it", () => {
  fx.write("works/acme.yaml", { ...work("acme"), slug: "acme-corp" });
  expect(problems()).toContain(
    'works/acme.yaml › slug: "acme-corp" does not match the file name: write `slug: acme` or rename the file to acme-corp.yaml',
  );
});

test("a missing page file is reported", () => {
  fx.remove("pages/about.yaml");
  expect(problems()).toContain("pages/about.yaml: file is missing");
});

test("a missing site.yaml says which file to create", () => {
  fx.remove("site.yaml");
  expect(problems()).toContain("site.yaml: file is missing: create site.yaml");
});

test("all problems are reported in one run", () => {
  fx.write("works/acme.yaml", { ...work("acme"), industry: "nope", year: "last year" });
  fx.remove("images/works/acme-1.jpg");
  const text = problems();
  expect(text).toMatch(/The content has 3 problems/);
});

test("loadSite reads site.yaml alone and reports its problems as loadContent does", () => {
  fx.write("works/acme.yaml", { ...work("acme"), industry: "nope" });
  expect(loadSite(fx.dir, { displayRoot: fx.dir }).name).toBe("Test Agency");

  fx.write("site.yaml", { ...fx.read("site.yaml"), email: "hello at example" });
  const expected = "site.yaml › email: write an e-mail address, e.g. hello@example.com";
  expect(problems()).toContain(expected);
  expect(() => loadSite(fx.dir, { displayRoot: fx.dir })).toThrow(ContentError);
  expect(() => loadSite(fx.dir, { displayRoot: fx.dir })).toThrow(expected);
});
