/**
 * npm run bench: the performance budgets (bench/budgets.ts), measured on the build that ships.
 *
 * - The build: the production configuration of test/harness/production.ts (analytics on, with a
 *   test measurement id), built here, or with BENCH_SKIP_BUILD=1 the build already in ./public
 *   (CI reuses the browser tests' build, made with the same module), which is checked to hold the
 *   measurement id first. A bare Gatsby page (bench/fixture, same installed versions) is built too,
 *   as the floor the first-load JavaScript is compared with.
 * - The outside services: Lighthouse cannot intercept requests, so Chromium resolves the country
 *   lookup's host, www.googletagmanager.com and the Google Analytics hosts to a local HTTPS stub
 *   (bench/thirdPartyStub.ts: `--host-resolver-rules`, `--ignore-certificate-errors`). The pages
 *   keep their production URLs, every request they make succeeds, and the stub's log shows what
 *   each visitor loaded (checked: bench/profiles.ts).
 * - Two visitors on one page of each template (bench/profiles.ts): from a consent region before
 *   choosing (the lookup answers DE) and from outside (US).
 * - Runs, each in a new browser: per page and visitor, one run auditing accessibility, best
 *   practices and SEO, then BENCH_RUNS (3) performance-only runs, whose median is judged. The
 *   metrics never come from the first kind: Lighthouse's gathering for those categories runs
 *   while the page loads and slows it (bench/lighthouse.ts, `Run`). Those runs do not depend on
 *   timing, so a visitor's go first, several at a time (bench/categoryLanes.ts); the performance
 *   runs then go one at a time. A broken budget is measured again and counts only when the
 *   second median breaks it too. The bare pages get one run of each kind: their script bytes,
 *   the floor of the JS ratio, are the same in every run.
 * - The grown site with 1,000 synthetic case studies (bench/growth.ts; with BENCH_SKIP_BUILD=1
 *   the one `npm test` built for its browser tests), unless BENCH_GROWTH=0.
 *
 * Prints both visitors' rows and each stage's duration, writes docs/performance.md, and exits
 * non-zero when a budget breaks.
 */
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { buildProduction, lastProductionBuild, productionBuildProblem } from "../test/harness/production";
import { preflightOrExit } from "../scripts/preflight";
import { routeTable } from "../test/harness/routes";
import { GROWN_SITE_DIR } from "../test/harness/grownSite";
import { BUDGET, confirmedProblems, HOST_SPEED_FLOOR, interactionProblems } from "./budgets";
import { measureGrowth, type GrowthFigures } from "./growth";
import { CPU_SLOWDOWN, INTERACTIONS, measureInteractions } from "./interactions";
import { PROFILES } from "./profiles";
import { benchSearch } from "./search";
import { stage, stageTable, started } from "./stages";
import { serveStatic } from "./staticServer";
import { startThirdPartyStub } from "./thirdPartyStub";
import { TABLE_HEADER, writePerformanceDoc } from "./report";
import { measureBarePages, measureVisitor, RUNS, type Findings } from "./visitors";

const root = path.resolve(__dirname, "..");
const fixture = path.join(root, "bench/fixture");

function buildFixture(): void {
  const run = spawnSync("npx", ["gatsby", "build"], {
    cwd: fixture,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`gatsby build failed in ${fixture}`);
}

async function main() {
  // Chromium and OpenSSL, installed when the run can (scripts/preflight.ts), else it stops here.
  preflightOrExit("bench");
  const site = path.join(root, "public");
  const siteBuild =
    process.env.BENCH_SKIP_BUILD === "1"
      ? undefined
      : await stage("site build (production configuration)", () => buildProduction(root, "ignore"));
  const notProduction = productionBuildProblem(site);
  if (notProduction) throw new Error(`BENCH_SKIP_BUILD=1: ${notProduction}`);
  // The bare page is built here unless a build of it is already there and the site's build is
  // reused too (the browser tests never build the fixture).
  if (process.env.BENCH_SKIP_BUILD !== "1" || !fs.existsSync(path.join(fixture, "public/index.html"))) {
    await stage("bare page build", buildFixture);
  }
  // Served like a CDN (compressed once), not by `gatsby serve`: see bench/staticServer.ts. The
  // site's server is started per visitor, with that visitor's stub behind its third-party proxy.
  const bareServer = started(await serveStatic(path.join(fixture, "public")));
  const lookupUrl = routeTable().site.countryLookupUrl;

  const findings: Findings = { lines: [], problems: [], remeasured: [], repeated: [], unjudged: [] };
  const { lines, problems, remeasured, repeated, unjudged } = findings;
  let search: { text: string; problem?: string } | undefined;
  try {
    const bareImage = await stage("bare pages (1 run of each kind)", () =>
      measureBarePages(bareServer.url, path.join(fixture, "public"), findings),
    );
    for (const profile of PROFILES) await measureVisitor(profile, { site, lookupUrl, bareImage }, findings);
    search = await stage("site search (index, 4x CPU)", async () => {
      const server = started(await serveStatic(site));
      try {
        return await benchSearch(server.url, site);
      } finally {
        await server.stop();
      }
    });
  } finally {
    await bareServer.stop();
  }

  // Interaction latency (bench/interactions.ts), as rows of the same table, the same rule.
  await stage(`interactions (${INTERACTIONS.length}, ${CPU_SLOWDOWN}x CPU)`, async () => {
    const outside = PROFILES.find((p) => p.analytics)!;
    const stub = started(await startThirdPartyStub(outside.country, lookupUrl));
    const server = started(await serveStatic(site, `127.0.0.1:${stub.port}`));
    try {
      for (const first of await measureInteractions(server.url, RUNS, stub.chromeFlags)) {
        const name = `interaction: ${first.interaction.name}`;
        let f = first;
        let found = interactionProblems(name, f.medianMs);
        if (found.length) {
          process.stdout.write(`(${found.map((x) => x.message).join("; ")}: measuring again)\n`);
          [f] = await measureInteractions(server.url, RUNS, stub.chromeFlags, [first.interaction]);
          found = confirmedProblems(found, interactionProblems(name, f.medianMs));
          remeasured.push(`${name} (first median: ${first.medianMs} ms)`);
        }
        lines.push(
          `| ${name} | \`${f.interaction.path}\` | ${outside.name}, ${f.interaction.viewport.width} px |${" |".repeat(11)} ${f.medianMs} ms (${f.runs.join(", ")}) |`,
        );
        problems.push(...found.map((x) => x.message));
        process.stdout.write(`${lines[lines.length - 1]}\n`);
      }
    } finally {
      await server.stop();
      await stub.stop();
    }
  });

  let growth: GrowthFigures | undefined;
  if (process.env.BENCH_GROWTH !== "0") {
    // `npm test` built the grown site for its browser tests, beside its own builds.
    const reuse = process.env.BENCH_SKIP_BUILD === "1" && lastProductionBuild(GROWN_SITE_DIR) !== undefined;
    growth = await stage(
      reuse ? "growth site (1,000 case studies, built by npm test)" : "growth build (1,000 case studies)",
      () => measureGrowth(root, { reuse }),
    );
  }

  const table = `${TABLE_HEADER}\n${lines.join("\n")}`;
  process.stdout.write(`\n${table}\n`);
  if (growth) process.stdout.write(`\n${growth.table}\n`);
  if (search) process.stdout.write(`\n${search.text}\n`);
  if (search?.problem) problems.push(search.problem);
  process.stdout.write(`\nbench stages:\n${stageTable()}\n`);
  writePerformanceDoc(path.join(root, "docs/performance.md"), {
    runs: RUNS,
    table,
    growth,
    siteBuildSeconds: siteBuild?.seconds,
    problems,
    remeasured,
    repeated,
    unjudged,
    stageTable: stageTable(),
    search: search?.text,
  });

  if (unjudged.length)
    process.stdout.write(
      `\nTBT over ${BUDGET.tbtMs} ms on a host under the speed floor (${HOST_SPEED_FLOOR}), not judged:\n${unjudged.map((u) => `  - ${u}`).join("\n")}\n`,
    );
  if (problems.length) {
    process.stderr.write(`\nBudgets broken:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  process.stdout.write("\nAll budgets hold.\n");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
