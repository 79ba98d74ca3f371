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
import { spawn } from "node:child_process";
import { preflight } from "./preflight";

interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Starts with its group and runs on beside the next one, which waits for it at its end. */
  besideNext?: boolean;
}

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

interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

/** Runs a stage with its output held back, then prints it whole under the stage's name. */
function run(stage: Stage, alone: boolean): Promise<Result> {
  const started = Date.now();
  const [command, ...args] = stage.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...stage.env },
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (d: Buffer) => output.push(d));
    child.stderr?.on("data", (d: Buffer) => output.push(d));
    const done = (ok: boolean) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n== ${stage.name}: ${stage.command.join(" ")} (${seconds.toFixed(0)} s)\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: stage.name, seconds, ok });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.on("exit", (code) => done(code === 0));
  });
}

async function main() {
  const times: Result[] = [];
  const checking = Date.now();
  process.stdout.write("\n== system parts: scripts/preflight.ts\n");
  const parts = preflight("test");
  times.push({ name: "system parts", seconds: (Date.now() - checking) / 1000, ok: parts.ok });
  let failed = !parts.ok;
  if (!parts.ok) process.stderr.write(`${parts.message}\n`);

  let carried: Promise<Result>[] = [];
  for (const group of failed ? [] : GROUPS) {
    const alone = group.length === 1 && carried.length === 0;
    if (!alone) process.stdout.write(`\n== side by side: ${group.map((s) => s.name).join(", ")}\n`);
    else process.stdout.write(`\n== ${group[0].name}: ${group[0].command.join(" ")}\n`);
    const started = Date.now();
    const running = group.map((stage) => ({ stage, result: run(stage, alone) }));
    const results = await Promise.all([
      ...running.filter((r) => !r.stage.besideNext).map((r) => r.result),
      ...carried,
    ]);
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
