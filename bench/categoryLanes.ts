/**
 * The "categories" Lighthouse runs (accessibility, best practices, SEO: bench/lighthouse.ts,
 * `Run`) of a list of pages, several at a time. Those audits do not depend on timing, so unlike
 * the performance runs they can share the host's cores: two lanes on a 2-core host took 22 runs
 * in about two thirds of the time one lane did. Lighthouse keeps state per process (its log and
 * its runner), so each lane is a process of its own running this file, one run after another,
 * each in a new browser as the performance runs are.
 *
 * BENCH_CATEGORY_LANES sets the number of lanes (default: one more than the host's cores: a run
 * waits part of its time on its browser's page load and Lighthouse's quiet windows, so two lanes
 * kept a 2-core host about 1.6 cores busy. The 11 templates of one visitor, alternating, on
 * 2026-12-06: two lanes 36.8 to 39.3 s, three 31.6 to 33.9, four 33.9 to 35.9; the same scores).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { killBrowsers, openLighthouse, type Figures } from "./lighthouse";

const LANES = Math.max(1, Number(process.env.BENCH_CATEGORY_LANES ?? os.availableParallelism() + 1));

/** A lane's work, passed to its process as a JSON file. */
interface LaneJob {
  urls: string[];
  publicDir: string;
  chromeFlags: string[];
  /** Where the lane writes its Figures[], in the order of `urls`. */
  out: string;
}

const lanes = new Set<ChildProcess>();

/** Stops the lanes under way (the benchmark calls it when it is interrupted). */
export const stopLanes = (): void => lanes.forEach((lane) => lane.kill("SIGTERM"));

function runLane(job: LaneJob, dir: string, index: number): Promise<Figures[]> {
  const jobFile = path.join(dir, `lane-${index}.json`);
  fs.writeFileSync(jobFile, JSON.stringify(job));
  const child = spawn(process.execPath, ["--import", "tsx", __filename, jobFile], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  lanes.add(child);
  return new Promise((resolve, reject) => {
    child.once("exit", (code, signal) => {
      lanes.delete(child);
      // JSON writes the figures a kind does not measure (NaN) as null.
      const revive = (_: string, v: unknown) => (v === null ? NaN : v);
      if (code === 0) resolve(JSON.parse(fs.readFileSync(job.out, "utf8"), revive) as Figures[]);
      else reject(new Error(`a categories lane (${job.urls.join(", ")}) ended with ${signal ?? code}`));
    });
  });
}

/**
 * One categories run of each URL, `LANES` at a time; the figures in the order of `urls`.
 * `chromeFlags` are the visitor's (bench/thirdPartyStub.ts), `publicDir` the served build.
 */
export async function categoriesRuns(
  urls: string[],
  publicDir: string,
  chromeFlags: string[] = [],
): Promise<Figures[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lanes-"));
  try {
    const count = Math.min(LANES, urls.length);
    // Page i goes to lane i % count, so each lane gets a mix of light and heavy templates.
    const jobs = Array.from({ length: count }, (_, lane) => ({
      urls: urls.filter((_, i) => i % count === lane),
      publicDir,
      chromeFlags,
      out: path.join(dir, `figures-${lane}.json`),
    }));
    const results = await Promise.all(jobs.map((job, lane) => runLane(job, dir, lane)));
    return urls.map((_, i) => results[i % count][Math.floor(i / count)]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  process.on("SIGTERM", () => {
    killBrowsers();
    process.exit(143);
  });
  void (async () => {
    const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8")) as LaneJob;
    const lighthouse = await openLighthouse(job.chromeFlags);
    const figures: Figures[] = [];
    for (const url of job.urls) figures.push(await lighthouse.categories(url, job.publicDir));
    fs.writeFileSync(job.out, JSON.stringify(figures));
  })().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
