/** @jest-environment node */
import { contentProblems, makeContent, type Fixture } from "../../../../test/contentFixture";

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());

test("broken YAML names the line", () => {
  fx.writeRaw("works/acme.yaml", "slug: acme\nclient: [unclosed\n");
  expect(contentProblems(fx)).toMatch(/works\/acme\.yaml › line \d+: not valid YAML/);
});
