/**
 * npm test: every check, in order, stopping at the first that fails, then a table of how long
 * each took. The same command runs locally and in CI (.ci/run). Before the first stage, the
 * system parts the stages need (Chromium, PostgreSQL's server, Java, OpenSSL) are checked, and installed
 * when the run can (scripts/preflight.ts); when it cannot, no stage runs.
 */
import { spawnSync } from "node:child_process";
import { preflight } from "./preflight";

const STAGES: [string, string[]][] = [
  ["type check", ["npm", "run", "--silent", "typecheck"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["format check", ["npm", "run", "--silent", "format:check"]],
  ["unit tests", ["npm", "run", "--silent", "test:unit"]],
  ["build + browser tests", ["npm", "run", "--silent", "test:e2e"]],
];

const times: [string, number, boolean][] = [];
let failed = false;

const checking = Date.now();
process.stdout.write("\n== system parts: scripts/preflight.ts\n");
const parts = preflight("test");
times.push(["system parts", (Date.now() - checking) / 1000, parts.ok]);
if (!parts.ok) {
  process.stderr.write(`${parts.message}\n`);
  failed = true;
}

for (const [name, [command, ...args]] of failed ? [] : STAGES) {
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
