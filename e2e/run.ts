/**
 * Runs the browser tests: builds the site (unless E2E_SKIP_BUILD=1), serves it with
 * scripts/serve.ts (as `npm start` does) on a free local port, and runs every e2e/*.test.ts with
 * Node's test runner against it. The tests that need a bigger portfolio get the grown site
 * (test/harness/grownSite.ts), built and served here too. Usage: npm run test:e2e
 * [-- e2e/some.test.ts]; `-- --build-only` builds the site only, `-- --build-grown` the grown
 * site only (npm test makes both builds beside its other checks, then runs the tests with
 * E2E_SKIP_BUILD=1). The key journeys in every engine (e2e/engines/<engine>.test.ts: Chromium,
 * Firefox, WebKit) are browser tests too: `-- --engines` runs them alone, `-- --without-engines`
 * all the others (npm test runs the two beside different stages).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildProduction, productionBuildEnv } from "../test/harness/production";
import { serveSite } from "../test/harness/server";
import { buildGrownSite, GROWN_SITE_DIR, GROWN_SITE_TESTS, grownSiteBuilt } from "../test/harness/grownSite";
import { TEST_FORM_SECRET } from "../test/consultation";

const root = path.resolve(__dirname, "..");
// Test files run side by side, each in its own process with its own browser; they share the
// server and the outbox, where each test finds its own requests by a unique address.
const MIN_FILL_MS = "500";
// One file a core: with more, the CPU saturated on a 2-core host until timing-sensitive tests
// (the worker's field metrics) failed.
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? os.availableParallelism());
// The browser tests build the production configuration (test/harness/production.ts: analytics
// on, with a test measurement id), the build CI's benchmark then reuses; every request the page
// makes to the outside is intercepted (e2e/lib/outside.ts).
const env = productionBuildEnv();

/**
 * The longest files start first, so the runner's slots are not left waiting on one of them at the
 * end (the axe sweeps visit every page at one width each).
 */
const SLOW = ["axe-desktop", "axe-phone", "a11y", "works", "layout", "webkit", "firefox"];
const slowFirst = (file: string): number => {
  const i = SLOW.indexOf(file.replace(/\.test\.ts$/, ""));
  return i === -1 ? SLOW.length : i;
};

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--build-grown")) {
    const { seconds } = buildGrownSite("inherit");
    process.stdout.write(`e2e: grown site built in ${seconds.toFixed(1)} s (${GROWN_SITE_DIR})\n`);
    return;
  }
  const buildOnly = args.includes("--build-only");
  const skipBuild = process.env.E2E_SKIP_BUILD === "1" && !buildOnly;
  if (!skipBuild) {
    const { seconds } = buildProduction(root);
    process.stdout.write(`e2e: site built in ${seconds.toFixed(1)} s\n`);
    if (buildOnly) return;
  }
  // The consultation endpoint writes to a temporary outbox, delivers nowhere (whatever the
  // developer's shell has configured), and allows as many requests as the tests send from 127.0.0.1.
  const outbox = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), "e2e-outbox-")),
    "consultation-requests.ndjson",
  );
  const consultationEnv = {
    CONSULTATION_OUTBOX: outbox,
    CONSULTATION_RATE_LIMIT: "100000/600",
    SMTP_URL: "",
    CONSULTATION_WEBHOOK_URL: "",
    DATABASE_URL: "",
    // The spam window (a submission sooner than this after the server handed the form its token
    // is spam), short so each form test does not wait 3 s; the form waits it out itself.
    CONSULTATION_MIN_FILL_MS: MIN_FILL_MS,
    // The tests' requests carry tokens signed with the tests' secret (test/consultation.ts).
    CONSULTATION_SECRET: TEST_FORM_SECRET,
  };
  const server = await serveSite(root, consultationEnv);
  const testFiles = (dir: string) =>
    fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith(".test.ts"))
      .sort((a, b) => slowFirst(a) - slowFirst(b) || a.localeCompare(b))
      .map((f) => path.join(dir, f));
  const named = args.filter((a) => !a.startsWith("--"));
  const files = named.length
    ? named
    : [
        ...(args.includes("--engines") ? [] : testFiles("e2e")),
        ...(args.includes("--without-engines") ? [] : testFiles("e2e/engines")),
      ];
  const needsGrown = files.some((f) => GROWN_SITE_TESTS.includes(path.basename(f)));
  if (needsGrown && (!skipBuild || !grownSiteBuilt())) {
    process.stdout.write(`e2e: grown site built in ${buildGrownSite().seconds.toFixed(1)} s\n`);
  }
  const grown = needsGrown ? await serveSite(GROWN_SITE_DIR) : undefined;
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--test",
        `--test-concurrency=${CONCURRENCY}`,
        // A file ends when its tests have, even if something it started still holds a handle open
        // (a browser that did not close would otherwise keep the whole run waiting).
        "--test-force-exit",
        "--test-reporter=spec",
        "--test-reporter-destination=stdout",
        `--test-reporter=${path.join(root, "e2e/lib/fileTimes.mjs")}`,
        "--test-reporter-destination=stdout",
        ...files,
      ],
      {
        cwd: root,
        env: {
          ...env,
          E2E_BASE_URL: server.url,
          ...(grown ? { E2E_GROWN_URL: grown.url } : {}),
          E2E_CONSULTATION_OUTBOX: outbox,
          CONSULTATION_SECRET: TEST_FORM_SECRET,
        },
        stdio: "inherit",
      },
    );
    child.on("exit", (c) => resolve(c ?? 1));
  });
  await Promise.all([server.stop(), grown?.stop()]);
  fs.rmSync(path.dirname(outbox), { recursive: true, force: true });
  process.exit(code);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
