/**
 * npm test: every check, stopping after the first group in which one fails, then a table of how
 * long each took. The same command runs locally and in CI (.ci/run). Before the first stage, the
 * system parts the stages need (the browsers, PostgreSQL's server, Java, OpenSSL) are checked, and
 * installed when the run can (scripts/preflight.ts); when it cannot, no stage runs.
 *
 * The stages of a group run side by side, each printing its output when it ends: a Gatsby build
 * keeps about one core busy on average, lint and the format check one each for a few seconds, so
 * the group takes about the time of the two builds side by side, not the sum of all four. The
 * type check comes after the build, which writes the GraphQL query types it reads (`npm run
 * typecheck` writes them itself, without a build); it runs beside the unit tests and the key
 * journeys in the three engines (e2e/engines/), which need the site's build only. The browser
 * tests then use both builds: the site, and the grown site a few of them need
 * (test/harness/grownSite.ts), which the benchmark measures too.
 */
import { preflight } from "./preflight";
import { runStage, type Result, type Stage } from "./stageRunner";

/**
 * A stage running longer than this is stopped and fails, naming what was still running
 * (scripts/stageRunner.ts). The longest stage, the browser tests, takes 6 to 19 minutes on a
 * 2-core machine, depending on the host, and took 24 on the slowest measured (2026-11-29;
 * docs/testing.md lists the runs): this leaves room over that, and the run inside CI's 90 minutes.
 */
const STAGE_LIMIT_SECONDS = 30 * 60;
/** While stages run side by side (their output held back), a line this often names those still running. */
const STILL_RUNNING_SECONDS = 5 * 60;

const GROUPS: Stage[][] = [
  [
    { name: "production build", command: ["npm", "run", "--silent", "test:e2e", "--", "--build-only"] },
    { name: "lint", command: ["npm", "run", "--silent", "lint"] },
    { name: "format check", command: ["npm", "run", "--silent", "format:check"] },
    // The grown site (1,000 more case studies: test/harness/grownSite.ts), for a few browser
    // tests and the benchmark's growth figures: the longest build, so it runs on beside the type
    // check and the unit tests too (never beside the browser tests, whose timing it would disturb).
    {
      name: "grown site build",
      command: ["npm", "run", "--silent", "test:e2e", "--", "--build-grown"],
      besideNext: true,
    },
  ],
  [
    { name: "type check", command: ["npx", "tsc", "--noEmit"] },
    { name: "unit tests", command: ["npm", "run", "--silent", "test:unit"] },
    // The key journeys in Chromium, Firefox and WebKit (e2e/engines/) need only the production
    // build, and wait on conditions, never on time: they take what the cores leave beside the
    // type check, the unit tests and the grown site's build, not a stage of their own.
    {
      name: "key journeys",
      command: ["npm", "run", "--silent", "test:e2e", "--", "--engines"],
      env: { E2E_SKIP_BUILD: "1" },
    },
  ],
  [
    {
      name: "browser tests",
      command: ["npm", "run", "--silent", "test:e2e", "--", "--without-engines"],
      env: { E2E_SKIP_BUILD: "1" },
    },
  ],
];

async function main() {
  const times: Result[] = [];
  const checking = Date.now();
  process.stdout.write("\n== system parts: scripts/preflight.ts\n");
  const parts = preflight("test");
  times.push({ name: "system parts", seconds: (Date.now() - checking) / 1000, ok: parts.ok });
  let failed = !parts.ok;
  if (!parts.ok) process.stderr.write(`${parts.message}\n`);

  let carried: Promise<Result>[] = [];
  const pending = new Set<string>();
  for (const group of failed ? [] : GROUPS) {
    const alone = group.length === 1 && carried.length === 0;
    if (!alone) process.stdout.write(`\n== side by side: ${group.map((s) => s.name).join(", ")}\n`);
    else process.stdout.write(`\n== ${group[0].name}: ${group[0].command.join(" ")}\n`);
    const started = Date.now();
    const running = group.map((stage) => {
      pending.add(stage.name);
      const result = runStage(stage, alone, STAGE_LIMIT_SECONDS);
      void result.then(() => pending.delete(stage.name));
      return { stage, result };
    });
    // Stages with their output held back say nothing until they end: this says which still run.
    const heartbeat = setInterval(() => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (!alone)
        process.stdout.write(`  (${seconds} s into the group, still running: ${[...pending].join(", ")})\n`);
    }, STILL_RUNNING_SECONDS * 1000);
    const results = await Promise.all([
      ...running.filter((r) => !r.stage.besideNext).map((r) => r.result),
      ...carried,
    ]);
    clearInterval(heartbeat);
    carried = running.filter((r) => r.stage.besideNext).map((r) => r.result);
    times.push(...results);
    if (!alone) times.push({ name: "  (the group)", seconds: (Date.now() - started) / 1000, ok: true });
    if (results.some((r) => !r.ok)) {
      failed = true;
      break;
    }
  }

  const rest = await Promise.all(carried);
  times.push(...rest);
  if (rest.some((r) => !r.ok)) failed = true;

  process.stdout.write("\nnpm test stages:\n");
  for (const { name, seconds, ok } of times) {
    process.stdout.write(`  ${name.padEnd(24)} ${seconds.toFixed(0).padStart(5)} s${ok ? "" : "  FAILED"}\n`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
