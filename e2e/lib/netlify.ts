/** Netlify's runtime, as the tests that run the adapter's output in this process need it (its rules: scripts/siteServer/netlifyRules.ts). */

/**
 * The functions' log (src/server/consultation/log.ts: JSON lines on standard output), kept for
 * the tests to read instead of printed: this process's standard output also carries the test
 * runner's own reports, which a stray line must not split.
 */
export function keepFunctionLog(): { lines: Record<string, string>[]; restore(): void } {
  const lines: Record<string, string>[] = [];
  const write = process.stdout.write;
  process.stdout.write = function (this: typeof process.stdout, chunk: unknown, ...rest: unknown[]) {
    if (typeof chunk === "string" && chunk.startsWith('{"level"')) {
      for (const line of chunk.split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      return true;
    }
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof write;
  return { lines, restore: () => void (process.stdout.write = write) };
}
