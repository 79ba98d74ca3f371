import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * The production build's configuration, written once. The browser tests (e2e/run.ts) and the
 * benchmark (bench/run.ts) both build with it, and CI's benchmark reuses the tests' build
 * (BENCH_SKIP_BUILD=1): so the build measured is the build tested, and both are the one that
 * ships, analytics tag included. Only the measurement id differs from a deploy's: a test
 * property, so no test or benchmark run is ever counted in the real one (the browser tests and
 * the benchmark answer every request to Google themselves).
 *
 * The country lookup keeps its production address (content/site.yaml `countryLookupUrl`): the
 * browser tests intercept it in Playwright, and the benchmark maps its host to a local stub in
 * Chromium (bench/thirdPartyStub.ts), so neither needs a build-time override.
 */
export const TEST_MEASUREMENT_ID = "G-E2ETEST01";

/** The variables a production build sets, on top of the caller's environment. */
export const PRODUCTION_BUILD_ENV: Readonly<Record<string, string>> = {
  GATSBY_TELEMETRY_DISABLED: "1",
  GATSBY_GA_MEASUREMENT_ID: TEST_MEASUREMENT_ID,
};

/** The environment for `gatsby build` of the production configuration. */
export const productionBuildEnv = (base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv => ({
  ...base,
  ...PRODUCTION_BUILD_ENV,
});

/**
 * Why a finished build in `publicDir` is not the production configuration, or undefined when it
 * is: the test measurement id must be baked into the pages or the scripts they load (webpack
 * inlines GATSBY_* variables). A build made without it ships no analytics at all, and its
 * figures would describe a site nobody deploys.
 */
export function productionBuildProblem(publicDir: string): string | undefined {
  if (!fs.existsSync(path.join(publicDir, "index.html"))) return `${publicDir} holds no build`;
  const files = fs
    .readdirSync(publicDir)
    .filter((f) => /\.(html|js)$/.test(f))
    .map((f) => path.join(publicDir, f));
  if (files.some((f) => fs.readFileSync(f, "utf8").includes(TEST_MEASUREMENT_ID))) return undefined;
  return `${publicDir} was not built with the production configuration: no file in it holds the measurement id ${TEST_MEASUREMENT_ID} (build it with test/harness/production.ts's PRODUCTION_BUILD_ENV, as e2e/run.ts and bench/run.ts do)`;
}

export interface BuildRecord {
  seconds: number;
  /** Whether the build started without Gatsby's cache (.cache), as on a fresh clone. */
  cold: boolean;
}

const recordFile = (dir: string) => path.join(dir, ".cache/production-build.json");

/**
 * `gatsby build` of the production configuration in `dir`; stops the process on failure. Its
 * duration is kept in .cache, where the benchmark's growth figures find the real site's build
 * time without building it again.
 */
export function buildProduction(dir: string, stdio: "inherit" | "ignore" = "inherit"): BuildRecord {
  const cold = !fs.existsSync(path.join(dir, ".cache"));
  const started = Date.now();
  const build = spawnSync("npx", ["gatsby", "build"], {
    cwd: dir,
    env: productionBuildEnv(),
    stdio: ["ignore", stdio, "inherit"],
  });
  if (build.status !== 0) {
    process.stderr.write(`gatsby build failed in ${dir}\n`);
    process.exit(build.status ?? 1);
  }
  const record = { seconds: (Date.now() - started) / 1000, cold };
  fs.writeFileSync(recordFile(dir), JSON.stringify(record));
  return record;
}

/** The last production build's duration in `dir`, when it was made by buildProduction. */
export function lastProductionBuild(dir: string): BuildRecord | undefined {
  try {
    return JSON.parse(fs.readFileSync(recordFile(dir), "utf8")) as BuildRecord;
  } catch {
    return undefined;
  }
}
