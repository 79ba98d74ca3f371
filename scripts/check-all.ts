/**
 * npm test: every check, in order, stopping at the first that fails, then a table of how long
 * each took. The same command runs locally and in CI (.ci/run).
 */
import { spawnSync } from "node:child_process";

const STAGES: [string, string[]][] = [
  ["type check", ["npm", "run", "--silent", "typecheck"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["format check", ["npm", "run", "--silent", "format:check"]],
  ["unit tests", ["npm", "run", "--silent", "test:unit"]],
  ["build + browser tests", ["npm", "run", "--silent", "test:e2e"]],
];

const times: [string, number, boolean][] = [];
let failed = false;
for (const [name, [command, ...args]] of STAGES) {
  const started = Date.now();
  process.stdout.write(`\n== ${name}: ${[command, ...args].join(" ")}\n`);
  const run = spawnSync(command, args, { stdio: "inherit" });
  const ok = run.status === 0;
  times.push([name, (Date.now() - started) / 1000, ok]);
  if (!ok) {
    failed = true;
    break;
  }
}

process.stdout.write("\nnpm test stages:\n");
for (const [name, seconds, ok] of times) {
  process.stdout.write(`  ${name.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}\n`);
}
process.exit(failed ? 1 : 0);
