/** @jest-environment node */
import { contentProblems, makeContent, NAVIGATION_BASICS, type Fixture } from "../../../../test/contentFixture";

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());
const problems = () => contentProblems(fx);

test("menu rules: every service listed once and columns of 1, 1, 2, 2 groups", () => {
  fx.write("navigation.yaml", {
    ...NAVIGATION_BASICS,
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
