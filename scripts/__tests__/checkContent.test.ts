/** @jest-environment node */
/**
 * `npm run check:content` checks the folder the build reads: CONTENT_DIR, else ./content. It runs
 * as an operator runs it, in a child process.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { makeContent, work, type Fixture } from "../../test/contentFixture";

const root = path.resolve(__dirname, "../..");

function checkContent(env: Record<string, string | undefined>, args: string[] = []) {
  const { CONTENT_DIR: _ignored, ...inherited } = process.env;
  const run = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/check-content.ts", ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let fx: Fixture;
beforeEach(() => {
  fx = makeContent();
});
afterEach(() => fx.cleanup());

test("CONTENT_DIR names the folder to check, as it does for the build", () => {
  const ok = checkContent({ CONTENT_DIR: fx.dir });
  expect(ok.stdout).toContain("content OK");
  expect(ok.stdout).toContain("6 services, 2 industries, 1 works");
  expect(ok.status).toBe(0);

  fx.write("works/acme.yaml", { ...work("acme"), industry: "fintech" });
  const broken = checkContent({ CONTENT_DIR: fx.dir });
  expect(broken.stderr).toContain(
    `${path.basename(fx.dir)}/works/acme.yaml › industry: unknown industry "fintech": write the slug of a file in content/industries/`,
  );
  expect(broken.status).toBe(1);
});

test("without CONTENT_DIR it checks ./content", () => {
  const run = checkContent({});
  expect(run.stdout).toContain(`content OK (${path.join(root, "content")})`);
  expect(run.status).toBe(0);
});

test("a folder given as an argument is refused with the variable to set instead", () => {
  const run = checkContent({}, [fx.dir]);
  expect(run.stderr).toContain(`CONTENT_DIR=${fx.dir} npm run check:content`);
  expect(run.status).toBe(2);
});
