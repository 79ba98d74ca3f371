import assert from "node:assert/strict";

/** Netlify's runtime, as the tests that run the adapter's output in this process need it. */

/**
 * A request path as Netlify's CLI matches it against `_redirects`: the file parsed by
 * `@netlify/redirect-parser`, each rule renamed to the shape `netlify-redirector` (Netlify's rules
 * engine in WebAssembly) takes, then matched, as netlify-cli's utils/redirects.js and
 * rules-proxy.js do (this site's rules have no conditions or signatures to carry over).
 */
export async function netlifyMatcher(file: string) {
  const { parseAllRedirects } = await import("@netlify/redirect-parser");
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [file],
    configRedirects: [],
    minimal: false,
  });
  assert.deepEqual(errors, []);
  const rules = (redirects as { from: string; query: unknown }[]).map(({ from, query, ...rule }) => ({
    ...rule,
    origin: from,
    params: query,
  }));
  const redirector = require("netlify-redirector") as {
    parseJSON(
      json: string,
      options: object,
    ): Promise<{ match(req: object): { to: string; status: number } | null }>;
  };
  const matcher = await redirector.parseJSON(JSON.stringify(rules), {});
  return (pathname: string) =>
    matcher.match({
      scheme: "https",
      host: "www.copperlinelabs.com",
      path: pathname,
      query: "",
      headers: {},
      cookieValues: {},
      getHeader: () => "",
      getCookie: () => "",
    });
}

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
