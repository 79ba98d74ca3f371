import fs from "node:fs";

/**
 * A reporter for Node's test runner (e2e/run.ts adds it beside `spec`): at the end, each test
 * file's time (the sum of its top-level tests, which run one after another), slowest first. It
 * tells where a browser run's minutes go, so the files can be ordered and split by the figures.
 *
 * The table is written straight to stdout on the run's plan (the event that follows the last
 * file): e2e/run.ts runs the tests with `--test-force-exit`, which ends the process before the
 * reporters have seen the run's summary lines, and a table yielded at the end was never printed
 * (it comes just before the summary's counts now).
 */
export default async function* fileTimes(source) {
  const times = new Map();
  let written = false;
  const table = () => {
    written = true;
    const rows = [...times].sort((a, b) => b[1] - a[1]);
    return `\nBrowser test files by time (s):\n${rows
      .map(([file, ms]) => `  ${(ms / 1000).toFixed(0).padStart(5)}  ${file}\n`)
      .join("")}`;
  };
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      const file = (event.data.file ?? "?").replace(/^.*\/e2e\//, "e2e/");
      times.set(file, (times.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
    const runPlan = event.type === "test:plan" && event.data.nesting === 0 && !event.data.file;
    if (runPlan && !written) fs.writeSync(1, table());
  }
  if (!written) yield table();
}
