/**
 * Gatsby's third-party proxy for Partytown, on `npm start` (scripts/serve.ts) as on Netlify.
 *
 * Partytown's worker fetches gtag.js with `fetch()`, so Gatsby's off-main-thread Script asks for
 * it at the site's own address, `/__third-party-proxy?url=<encoded URL>`, and gatsby-config's
 * `partytownProxiedURLs` lists the URLs allowed there. The build writes each as a rewrite into
 * `public/_redirects` (gatsby-adapter-netlify: `/__third-party-proxy  url=<encoded>  <URL>  200`,
 * Netlify's query-parameter syntax), and that file is what this module reads: the same list on
 * both hosts, and no other URL is ever fetched (not an open proxy).
 */
import type http from "node:http";
import { THIRD_PARTY_PROXY_PATH } from "../../shared/analyticsIds";

export { THIRD_PARTY_PROXY_PATH };

/** How long the upstream may take before the worker gets a 504. */
export const PROXY_TIMEOUT_MS = 10_000;

/** The URLs `public/_redirects` lets through the proxy (decoded, as a request carries them). */
export function proxiedUrls(redirects: string): Set<string> {
  const urls = new Set<string>();
  for (const line of redirects.split("\n")) {
    const [from, query, to, status] = line.trim().split(/\s+/);
    if (from !== THIRD_PARTY_PROXY_PATH || !query?.startsWith("url=") || status !== "200") continue;
    let target: string;
    try {
      target = decodeURIComponent(query.slice("url=".length));
    } catch {
      continue;
    }
    if (target === to && /^https:\/\//.test(to)) urls.add(to);
  }
  return urls;
}

/** The upstream URL a request asks for, when it is one the build allowed; undefined otherwise. */
export function proxyTarget(url: URL, allowed: ReadonlySet<string>): string | undefined {
  if (url.pathname !== THIRD_PARTY_PROXY_PATH) return undefined;
  const target = url.searchParams.get("url");
  return target && allowed.has(target) ? target : undefined;
}

export type FetchUpstream = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

/** The upstream's headers worth passing on: what the script is and how long it may be cached. */
const PASSED = ["content-type", "cache-control", "expires", "last-modified", "etag"];

/**
 * Answers one proxied request: GET or HEAD only, the upstream's status, body and caching headers
 * with the site's own headers (`siteHeaders`); 502 when it cannot be reached, 504 past the deadline.
 */
export async function proxy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: string,
  siteHeaders: Record<string, string>,
  fetchUpstream: FetchUpstream = fetch,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405, { ...siteHeaders, allow: "GET, HEAD" });
    return void res.end();
  }
  let upstream: Response;
  try {
    upstream = await fetchUpstream(target, { signal: AbortSignal.timeout(PROXY_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    res.writeHead(timedOut ? 504 : 502, { ...siteHeaders, "content-type": "text/plain; charset=utf-8" });
    return void res.end(timedOut ? "Gateway Timeout" : "Bad Gateway");
  }
  const headers: Record<string, string> = { ...siteHeaders };
  for (const name of PASSED) {
    const value = upstream.headers.get(name);
    if (value) headers[name] = value;
  }
  const body = Buffer.from(await upstream.arrayBuffer());
  headers["content-length"] = String(body.length);
  res.writeHead(upstream.status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}
