/** @jest-environment node */
/**
 * The GitHub Actions workflow that checks content on every pull request (each CMS draft is one):
 * it runs on pull requests, installs from the lock file, and its check step is the command an
 * editor runs. That command, taken from the workflow file, passes on this content and fails a
 * pull request whose content is broken.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { makeContent, work } from "../../test/contentFixture";

const root = path.resolve(__dirname, "../..");
const workflow = parse(fs.readFileSync(path.join(root, ".github/workflows/content.yml"), "utf8")) as {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, unknown> }[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.flatMap((s) => (s.run ? [s.run] : []));
const checkStep = runs.find((r) => r.includes("check:content"))!;

function runStep(command: string, env: Record<string, string>) {
  const { CONTENT_DIR: _ignored, ...inherited } = process.env;
  return spawnSync("sh", ["-c", command], { cwd: root, env: { ...inherited, ...env }, encoding: "utf8" });
}

test("it runs on every pull request, on the project's Node, installing from the lock file", () => {
  expect(Object.keys(workflow.on)).toContain("pull_request");
  expect(workflow.on.pull_request ?? {}).not.toHaveProperty("paths");
  const node = steps.find((s) => s.uses?.startsWith("actions/setup-node"))?.with?.["node-version"];
  const engines = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines.node as string;
  expect(engines).toBe(`>=${node}`);
  expect(runs[0]).toMatch(/^npm ci\b/);
  expect(checkStep).toBe("npm run check:content");
});

test("its check step passes on valid content and fails, naming the file and the field, on broken content", () => {
  const fx = makeContent();
  try {
    expect(runStep(checkStep, { CONTENT_DIR: fx.dir }).status).toBe(0);
    fx.write("works/broken.yaml", { ...work("broken"), industry: "fintech" });
    const failed = runStep(checkStep, { CONTENT_DIR: fx.dir });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/broken\.yaml › industry: unknown industry "fintech"/);
  } finally {
    fx.cleanup();
  }
}, 120_000);
