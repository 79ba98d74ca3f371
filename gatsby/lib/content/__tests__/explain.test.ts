/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { contentProblems, makeContent, service, work, type Fixture } from "../../../../test/contentFixture";

// How a schema violation reads: the file, the field, and what to write instead.
let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());
const problems = () => contentProblems(fx);

test("a missing required field names the file, the field and what to add", () => {
  const data = work("acme");
  delete data.headline;
  fx.write("works/acme.yaml", data);
  expect(problems()).toContain(
    "works/acme.yaml › headline: required field is missing: add `headline:` with text",
  );
});

test("a wrong type names what was expected and what was found", () => {
  fx.write("works/acme.yaml", { ...work("acme"), services: "alpha" });
  expect(problems()).toContain(
    "works/acme.yaml › services: expected a list (lines starting with '- '), found text",
  );
});

test("an unknown field is reported with the allowed ones", () => {
  fx.write("services/alpha.yaml", { ...service("alpha"), headlin: "typo" });
  expect(problems()).toMatch(
    /services\/alpha\.yaml › headlin: unknown field: remove it or check its spelling \(allowed here: slug, title/,
  );
});

test("text that is too long says the limit and the current length", () => {
  fx.write("works/acme.yaml", { ...work("acme"), title: "x".repeat(80) });
  expect(problems()).toContain("works/acme.yaml › title: needs at most 60 characters (now 80)");
});

test("a value outside a fixed list names the allowed values", () => {
  fx.write("works/acme.yaml", { ...work("acme"), platforms: ["web", "smart-fridge"] });
  expect(problems()).toMatch(
    /works\/acme\.yaml › platforms\[1\]: "smart-fridge" is not allowed: write one of web, ios/,
  );
});

test("a social link that is not an https: address fails the build naming the field", () => {
  const site = parse(fs.readFileSync(path.join(fx.dir, "site.yaml"), "utf8"));
  fx.write("site.yaml", {
    ...site,
    socials: {
      ...site.socials,
      linkedin: "javascript:alert(document.cookie)",
      community: { name: "GitHub", url: "http://github.com/test" },
    },
  });
  const report = problems();
  expect(report).toMatch(/site\.yaml › socials\.linkedin: .*https:\/\//);
  expect(report).toMatch(/site\.yaml › socials\.community\.url: .*https:\/\//);
});

test("a broken consentRegions value fails the build naming the file, the field and the fix", () => {
  const site = parse(fs.readFileSync(path.join(fx.dir, "site.yaml"), "utf8"));
  fx.write("site.yaml", { ...site, consentRegions: ["DE", "germany", "DE"] });
  const report = problems();
  expect(report).toMatch(/site\.yaml › consentRegions\[1\]: .*two-letter ISO 3166-1 country code.*e\.g\. DE/);
  expect(report).toMatch(/site\.yaml › consentRegions: a country is listed twice/);
  fx.write("site.yaml", { ...site, consentRegions: [] });
  expect(problems()).toMatch(/site\.yaml › consentRegions: needs at least 1 items/);
});
