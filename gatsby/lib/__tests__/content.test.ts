/** @jest-environment node */
import { ContentError, loadContent } from "../content";
import { makeContent, work, service, type Fixture } from "../../../test/contentFixture";

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());

/** Loads the fixture and returns the build's error text (file › field: message lines). */
function problems(): string {
  try {
    loadContent(fx.dir, { displayRoot: fx.dir });
  } catch (error) {
    if (error instanceof ContentError) return error.message;
    throw error;
  }
  throw new Error("expected the content to be rejected");
}

test("valid content loads with every collection", () => {
  const content = loadContent(fx.dir, { displayRoot: fx.dir });
  expect(content.services).toHaveLength(6);
  expect(content.works[0].slug).toBe("acme");
  expect(content.site.name).toBe("Test Agency");
});

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

test("an unknown slug reference names the folder to pick from", () => {
  fx.write("works/acme.yaml", { ...work("acme"), industry: "fintech" });
  expect(problems()).toContain(
    'works/acme.yaml › industry: unknown industry "fintech": write the slug of a file in content/industries/',
  );
});

test("references inside navigation and footer are checked too", () => {
  fx.write("footer.yaml", { columns: [{ title: "Services", links: [{ service: "omega" }] }] });
  expect(problems()).toContain('footer.yaml › columns[0].links[0].service: unknown service "omega"');
});

test("a duplicate slug is reported on the second file", () => {
  fx.write("works/acme.yml", work("acme"));
  expect(problems()).toMatch(
    /works\/acme\.yml › slug: duplicate slug "acme", also used by works\/acme\.yaml/,
  );
});

test("a missing image names the file to add", () => {
  fx.remove("images/works/acme-2.jpg");
  expect(problems()).toContain(
    "works/acme.yaml › gallery[1].src: image not found: add the file content/images/works/acme-2.jpg or correct the path",
  );
});

test("a slug that does not match the file name says both ways to fix it", () => {
  fx.write("works/acme.yaml", { ...work("acme"), slug: "acme-corp" });
  expect(problems()).toContain(
    'works/acme.yaml › slug: "acme-corp" does not match the file name: write `slug: acme` or rename the file to acme-corp.yaml',
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

test("broken YAML names the line", () => {
  fx.writeRaw("works/acme.yaml", "slug: acme\nclient: [unclosed\n");
  expect(problems()).toMatch(/works\/acme\.yaml › line \d+: not valid YAML/);
});

test("a missing page file is reported", () => {
  fx.remove("pages/about.yaml");
  expect(problems()).toContain("pages/about.yaml: file is missing");
});

test("menu rules: every service listed once and columns of 1, 1, 2, 2 groups", () => {
  fx.write("navigation.yaml", {
    services: {
      columns: [
        { groups: [{ title: "AI", items: ["alpha", "alpha"] }] },
        {
          groups: [
            { title: "Web", items: ["beta"] },
            { title: "Extra", items: ["gamma"] },
          ],
        },
        { groups: [{ title: "PWA", items: ["delta"] }] },
        {
          groups: [
            { title: "Design", items: ["epsilon"] },
            { title: "Brand", items: ["ai-in-finance"] },
          ],
        },
      ],
    },
    industries: {
      sector: { title: "Industries", items: ["finance"] },
      ai: { title: "AI", items: ["ai-in-finance"] },
    },
  });
  const text = problems();
  expect(text).toContain('navigation.yaml › services: service "alpha" is listed 2 times: keep one');
  expect(text).toContain('navigation.yaml › services: service "zeta" is not in the menu');
  expect(text).toContain("navigation.yaml › services.columns[1].groups: column 2 holds 2 groups");
  expect(text).toContain('unknown service "ai-in-finance"');
});

test("all problems are reported in one run", () => {
  fx.write("works/acme.yaml", { ...work("acme"), industry: "nope", year: "last year" });
  fx.remove("images/works/acme-1.jpg");
  const text = problems();
  expect(text).toMatch(/The content has 3 problems/);
});
