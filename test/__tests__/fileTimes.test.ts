/**
 * e2e/lib/fileTimes.mjs, the browser tests' table of time per file, as e2e/run.ts runs it: beside
 * the spec reporter, with `--test-force-exit`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const reporter = path.resolve(__dirname, "../../e2e/lib/fileTimes.mjs");

test("the table of time per file is printed when the run is ended by --test-force-exit", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-times-"));
  try {
    fs.writeFileSync(
      path.join(dir, "slow.test.mjs"),
      'import test from "node:test";\ntest("waits", () => new Promise((r) => setTimeout(r, 1200)));\n',
    );
    fs.writeFileSync(
      path.join(dir, "quick.test.mjs"),
      'import test from "node:test";\ntest("passes", () => {});\n',
    );
    const run = spawnSync(
      process.execPath,
      [
        "--test",
        "--test-force-exit",
        "--test-reporter=spec",
        "--test-reporter-destination=stdout",
        `--test-reporter=${reporter}`,
        "--test-reporter-destination=stdout",
        "quick.test.mjs",
        "slow.test.mjs",
      ],
      { cwd: dir, encoding: "utf8" },
    );
    expect(run.status).toBe(0);
    // The slow file first, at a second or more (its timer may fire late on a busy host).
    const table = run.stdout.slice(run.stdout.indexOf("Browser test files by time (s):"));
    expect(table).toMatch(
      /^Browser test files by time \(s\):\n\s+[1-9]\d*\s+\S*slow\.test\.mjs\n\s+0\s+\S*quick\.test\.mjs\n/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
