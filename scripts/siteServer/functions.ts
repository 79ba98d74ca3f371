import type http from "node:http";
import path from "node:path";
import { parse } from "@polka/url";
import { MAX_BODY_BYTES, NOT_JSON, TOO_LARGE, safeJson } from "../../src/server/consultation/handler";
import { clientAddress } from "../../src/server/consultation/clientAddress";
import { readConfig } from "../../src/server/consultation/config";
import { API_HEADERS } from "../../shared/securityHeaders";

/**
 * The site's functions, called as Netlify calls them: the `handler(event, context)` that
 * gatsby-adapter-netlify wrapped in `.netlify/functions-internal/<name>/<name>.js`, with the
 * request's method, path, headers and body, and the client's address in
 * `x-nf-client-connection-ip`, taken from what this machine may trust (the socket, or
 * X-Forwarded-For through CONSULTATION_TRUSTED_HOPS proxies: see docs/deploying.md).
 *
 * The only function takes JSON of at most 100 kb, so a body is refused before it is read when it
 * says it is larger or is not JSON (multipart uploads included), and reading stops the moment it
 * grows past the limit: nothing bigger is ever buffered. (Netlify itself buffers up to 6 MB and
 * Gatsby's wrapper then parses it; the handler answers those with the same 413 and 415.)
 */

interface LambdaResult {
  statusCode: number;
  multiValueHeaders?: Record<string, (string | number)[]>;
  headers?: Record<string, string | number>;
  body?: string;
  isBase64Encoded?: boolean;
}
type LambdaHandler = (event: unknown, context: unknown) => Promise<LambdaResult>;

const isJson = (type: string | undefined) => type?.split(";")[0].trim().toLowerCase() === "application/json";

/**
 * Answers a request whose body will not be read. What the client still sends is read and dropped
 * (never kept) for a second while the answer goes out, then the connection is closed: closing at
 * once would reset it, and a reset connection loses the answer the client has not read yet. The
 * answer is the function's, so it carries the function's headers (shared/securityHeaders.ts).
 */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown) {
  req.resume();
  res.once("finish", () => {
    // A body that has all arrived leaves the connection fit for the client's next request.
    if (!req.complete) setTimeout(() => !req.complete && req.socket.destroy(), 1_000).unref();
  });
  res.writeHead(status, {
    ...API_HEADERS,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(safeJson(body));
}

/** Reads the body, or answers 413 (`refuse`) as soon as it passes the limit. */
function readLimited(req: http.IncomingMessage, res: http.ServerResponse): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      req.off("end", onEnd);
      chunks.length = 0;
      refuse(req, res, TOO_LARGE.status, TOO_LARGE.body);
      resolve(undefined);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", reject);
  });
}

export function functionCaller(root: string) {
  const handlers = new Map<string, LambdaHandler>();
  const handlerFor = (name: string): LambdaHandler => {
    let handler = handlers.get(name);
    if (!handler) {
      const file = path.join(root, ".netlify", "functions-internal", name, `${name}.js`);
      handler = (require(file) as { handler: LambdaHandler }).handler;
      handlers.set(name, handler);
    }
    return handler;
  };

  return async function callFunction(req: http.IncomingMessage, res: http.ServerResponse, name: string) {
    const hasBody =
      Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && Number(req.headers["content-length"]) > MAX_BODY_BYTES) {
      return refuse(req, res, TOO_LARGE.status, TOO_LARGE.body);
    }
    if (hasBody && !isJson(req.headers["content-type"]))
      return refuse(req, res, NOT_JSON.status, NOT_JSON.body);
    const body = await readLimited(req, res);
    if (!body) return;

    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
    }
    // The address Netlify would vouch for; a client's own x-nf-client-connection-ip is replaced.
    headers["x-nf-client-connection-ip"] = clientAddress(
      { headers: req.headers, socket: { remoteAddress: req.socket.remoteAddress } },
      readConfig(),
    );
    const { pathname, query = {} } = parse(req) ?? { pathname: "/" };
    const single = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
    );
    const multi = Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, ([] as string[]).concat(v ?? [])]),
    );
    const event = {
      rawUrl: `http://localhost${req.url}`,
      path: pathname,
      httpMethod: req.method,
      headers,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, [v]])),
      queryStringParameters: single,
      multiValueQueryStringParameters: multi,
      body: body.length ? body.toString("base64") : undefined,
      isBase64Encoded: body.length > 0,
    };
    const result = await handlerFor(name)(event, { functionName: name });
    const out: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(result.headers ?? {})) out[key] = String(value);
    for (const [key, values] of Object.entries(result.multiValueHeaders ?? {})) out[key] = values.map(String);
    res.writeHead(result.statusCode, out);
    res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8") : undefined);
  };
}
