/** @jest-environment node */
import { contentProblems, makeContent, work, type Fixture } from "../../../../test/contentFixture";

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());
const problems = () => contentProblems(fx);

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

test("a missing image names the file to add", () => {
  fx.remove("images/works/acme-2.jpg");
  expect(problems()).toContain(
    "works/acme.yaml › gallery[1].src: image not found: add the file content/images/works/acme-2.jpg or correct the path",
  );
});
