/**
 * A proxy rewrite of the build (a rule whose target is another site's URL, status 200), answered
 * on `npm start` as Netlify answers it: the one the site has is Partytown's third-party proxy,
 * `/__third-party-proxy?url=<gtag.js URL>`, which Netlify's matcher (netlifyRules.ts) rewrites to
 * that URL only. No other URL is ever fetched: the target is the rule's, not the request's (never
 * an open proxy).
 */
import type http from "node:http";

/** How long the upstream may take before the worker gets a 504. */
export const PROXY_TIMEOUT_MS = 10_000;

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
