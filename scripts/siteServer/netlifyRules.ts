/**
 * The host's own configuration, read and matched by Netlify's own libraries, the way the Netlify
 * CLI reads it (netlify-cli's utils/headers.js, utils/redirects.js and utils/rules-proxy.js), so
 * that `npm start` answers with exactly the headers and rewrites a deploy gets from the same build.
 * Nothing here parses those files by hand.
 *
 * - Headers: `public/_headers`, parsed by `@netlify/headers-parser`; a request gets every rule
 *   whose path pattern matches it, in file order, a later rule overriding an earlier one key by
 *   key (what gatsby-adapter-netlify relies on when its `/static/*` rule follows its `/*` rule).
 * - Redirects and rewrites: `public/_redirects` and the `redirects` of `.netlify/v1/config.json`
 *   (Netlify's Frameworks API, where the build writes the rules `_redirects` cannot express:
 *   gatsby/lib/hostRules.ts), parsed by `@netlify/redirect-parser` and matched by
 *   `netlify-redirector`, Netlify's rules engine.
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { parse } from "@polka/url";
import redirector, { type Match, type MatchRequest } from "netlify-redirector";
import { FRAMEWORKS_CONFIG_FILE } from "../../gatsby/lib/hostRules";

export interface HeaderRule {
  for: string;
  forRegExp: RegExp;
  values: Record<string, string>;
}

export async function readHeaderRules(file: string): Promise<HeaderRule[]> {
  const { parseAllHeaders } = await import("@netlify/headers-parser");
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [file],
    configHeaders: [],
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
 * The headers for a request path. The exact rules are looked up in a map and only the patterns
 * are tested one by one; the result is the same as testing every rule's `forRegExp` in order
 * (netlify-cli's `headersForPath`).
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

/** A rule as `@netlify/redirect-parser` returns it. */
interface ParsedRedirect {
  from: string;
  query?: Record<string, string>;
  conditions?: Record<string, unknown>;
  signed?: string;
  [key: string]: unknown;
}

/** The redirects the build's project folder declares (public/_redirects, then the Frameworks API's). */
export async function readRedirects(root: string): Promise<ParsedRedirect[]> {
  const { parseAllRedirects } = await import("@netlify/redirect-parser");
  const configFile = path.join(root, FRAMEWORKS_CONFIG_FILE);
  const config = fs.existsSync(configFile)
    ? (JSON.parse(fs.readFileSync(configFile, "utf8")) as { redirects?: unknown[] })
    : {};
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [path.join(root, "public", "_redirects")],
    configRedirects: (config.redirects ?? []) as never[],
    minimal: false,
  });
  if (errors.length) throw new Error(`${root}: ${errors.map((e) => e.message).join("; ")}`);
  return redirects as ParsedRedirect[];
}

/**
 * The shape netlify-redirector takes (netlify-cli's `normalizeRedirect`): `from` is `origin`,
 * `query` is `params`, the conditions capitalised, a signed rule's secret under `sign`.
 */
function forRedirector({ conditions = {}, from, query, signed, ...rule }: ParsedRedirect) {
  const { country, language, role, ...rest } = conditions;
  return {
    ...rule,
    origin: from,
    params: query,
    conditions: {
      ...rest,
      ...(role ? { Role: role } : {}),
      ...(country ? { Country: country } : {}),
      ...(language ? { Language: language } : {}),
    },
    ...(signed ? { sign: { jwt_secret: signed } } : {}),
  };
}

export type RedirectMatcher = (req: http.IncomingMessage) => Match | null;

/**
 * Matches a request against the rules as netlify-cli's rewriter does: the path percent-decoded,
 * the query string as sent, the language and country headers its conditions read (the country
 * is the CLI's default, `us`; no cookies are read, so a cookie condition never matches here).
 */
export async function redirectMatcher(rules: ParsedRedirect[]): Promise<RedirectMatcher> {
  if (!rules.length) return () => null;
  const matcher = await redirector.parseJSON(JSON.stringify(rules.map(forRedirector)), {});
  return (req) => {
    // The path and query as sent (`new URL` would read `//x` as a host).
    const { pathname, search } = parse(req) ?? { pathname: "/", search: "" };
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null; // the CLI's rewriter throws here; no rule can name such a path
    }
    const language =
      String(req.headers["accept-language"] ?? "")
        .split(",")[0]
        .slice(0, 2) || "en";
    const headers = { "x-language": language, "x-country": "us", ...req.headers };
    const request: MatchRequest = {
      scheme: "http",
      host: String(req.headers.host ?? "localhost").replace(/:\d+$/, ""),
      path: decoded,
      query: (search ?? "").replace(/^\?/, ""),
      headers,
      cookieValues: {},
      getHeader: (name) => {
        const value = headers[name.toLowerCase() as keyof typeof headers];
        return (Array.isArray(value) ? value[0] : value) || "";
      },
      getCookie: () => "",
    };
    return matcher.match(request);
  };
}
