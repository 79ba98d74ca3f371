/** @jest-environment node */
import fs from "node:fs";
import { scratchDir } from "../../scratchDir";
import path from "node:path";
import { PRODUCTION_BUILD_ENV, productionBuildProblem, TEST_MEASUREMENT_ID } from "../production";

const build = (files: Record<string, string>): string => {
  const dir = scratchDir("production-build");
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
};

test("a production build sets the test measurement id", () => {
  expect(PRODUCTION_BUILD_ENV.GATSBY_GA_MEASUREMENT_ID).toBe(TEST_MEASUREMENT_ID);
});

test("a build whose scripts hold the measurement id is the production configuration", () => {
  const dir = build({ "index.html": "<html></html>", "app-1.js": `var id="${TEST_MEASUREMENT_ID}";` });
  expect(productionBuildProblem(dir)).toBeUndefined();
});

test("a build made without the measurement id is refused, saying how to make the right one", () => {
  const dir = build({ "index.html": "<html></html>", "app-1.js": 'var id="";' });
  expect(productionBuildProblem(dir)).toMatch(
    /not built with the production configuration.*PRODUCTION_BUILD_ENV/,
  );
});

test("a folder with no build is refused", () => {
  expect(productionBuildProblem(build({}))).toMatch(/holds no build/);
});
