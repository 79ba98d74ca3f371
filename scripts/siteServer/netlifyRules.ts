/**
 * The host's own configuration files, read the way Netlify reads them, so that `npm start` answers
 * with exactly the headers and function routes a deploy gets from the same build:
 *
 * - `public/_headers` is parsed by Netlify's own parser (`@netlify/headers-parser`), and a
 *   request gets every rule whose path pattern matches it, applied in file order, a later rule
 *   overriding an earlier one key by key (what `netlify dev` does, and what gatsby-adapter-netlify
 *   relies on when its `/static/*` rule follows its `/*` rule).
 * - `public/_redirects` lines `/api/x  /.netlify/functions/<name>  200` name the functions.
 */

export interface HeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

export async function readHeaderRules(file: string): Promise<HeaderRule[]> {
  const { parseAllHeaders } = await import("@netlify/headers-parser");
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [file] as never[],
    netlifyConfigPath: undefined,
    configHeaders: undefined,
    minimal: false,
  });
  if (errors.length) throw new Error(`${file}: ${errors.map((e) => e.message).join("; ")}`);
  return headers as HeaderRule[];
}

/** A pattern without `*` or `:placeholder` matches one path (any case, one trailing slash optional). */
const isExact = (pattern: string) => !/[*:]/.test(pattern);
const exactKey = (pattern: string) =>
  `/${pattern
    .split("/")
    .map((p) => p.trimEnd())
    .filter(Boolean)
    .join("/")}`.toLowerCase();

/**
 * The headers for a request path. The adapter writes one rule per file (1,700 and more), so the
 * exact ones are looked up in a map and only the patterns are tested one by one; the result is
 * the same as testing every rule's `forRegExp` in order.
 */
export function headerMatcher(rules: HeaderRule[]): (pathname: string) => Record<string, string> {
  const exact = new Map<string, number[]>();
  const patterns: number[] = [];
  rules.forEach((rule, index) => {
    if (!isExact(rule.for)) return void patterns.push(index);
    const key = exactKey(rule.for);
    exact.set(key, [...(exact.get(key) ?? []), index]);
  });
  return (pathname) => {
    const key = (pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname).toLowerCase();
    const candidates = [...(exact.get(key) ?? []), ...patterns].sort((a, b) => a - b);
    const out: Record<string, string> = {};
    for (const index of candidates) {
      const rule = rules[index];
      if (rule.forRegExp.test(pathname)) Object.assign(out, rule.values);
    }
    return out;
  };
}

/** `/api/consultation  /.netlify/functions/consultation-js  200` lines of public/_redirects. */
export function functionRoutes(redirects: string): Map<string, string> {
  const routes = new Map<string, string>();
  for (const line of redirects.split("\n")) {
    const [from, to, status] = line.trim().split(/\s+/);
    const fn = to?.match(/^\/\.netlify\/functions\/([\w-]+)$/);
    if (from?.startsWith("/") && fn && status === "200") routes.set(from, fn[1]);
  }
  return routes;
}
