/**
 * A reporter for Node's test runner (e2e/run.ts adds it beside `spec`): at the end, each test
 * file's time (the sum of its top-level tests, which run one after another), slowest first. It
 * tells where a browser run's minutes go, so the files can be ordered and split by the figures.
 */
export default async function* fileTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if ((event.type === "test:pass" || event.type === "test:fail") && event.data.nesting === 0) {
      const file = (event.data.file ?? "?").replace(/^.*\/e2e\//, "e2e/");
      times.set(file, (times.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const rows = [...times].sort((a, b) => b[1] - a[1]);
  yield "\nBrowser test files by time (s):\n";
  for (const [file, ms] of rows) yield `  ${(ms / 1000).toFixed(0).padStart(5)}  ${file}\n`;
}
