/**
 * The benchmark's bookkeeping: each stage's duration and Lighthouse runs (printed at the end and
 * written to docs/performance.md: CI's time budget), and the servers and processes to stop when
 * the run is interrupted.
 */
import { stopLanes } from "./categoryLanes";
import { killBrowsers } from "./lighthouse";

/**
 * The servers run in processes of their own (detached: they outlive an interrupted benchmark), so
 * an interrupt stops them, the browsers and the categories lanes, before it exits.
 */
const cleanups = new Set<() => Promise<void>>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killBrowsers();
    stopLanes();
    void Promise.allSettled([...cleanups].map((stop) => stop())).then(() => process.exit(130));
  });
}

/** A server the interrupt stops. */
export const started = <T extends { stop: () => Promise<void> }>(server: T): T => {
  cleanups.add(server.stop);
  return server;
};

const stages: [name: string, seconds: number, runs: number][] = [];
let lighthouseRuns = 0;

/** Counts Lighthouse runs towards the stage under way. */
export const countRuns = (n = 1): void => {
  lighthouseRuns += n;
};

/** Runs one stage of the benchmark, timing it. */
export async function stage<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const begun = Date.now();
  const runsBefore = lighthouseRuns;
  try {
    return await work();
  } finally {
    stages.push([name, (Date.now() - begun) / 1000, lighthouseRuns - runsBefore]);
  }
}

/** The stages so far, one line each, then their total. */
export function stageTable(): string {
  const total = stages.reduce((n, [, s]) => n + s, 0);
  return [
    ...stages.map(
      ([name, s, runs]) =>
        `  ${name.padEnd(52)} ${s.toFixed(0).padStart(5)} s${runs ? `  (${runs} Lighthouse runs, ${(s / runs).toFixed(1)} s each)` : ""}`,
    ),
    `  ${"total".padEnd(52)} ${total.toFixed(0).padStart(5)} s`,
  ].join("\n");
}
