import { consultationRequestSchema, fieldErrors, MESSAGES } from "../../../schemas/consultation";
import { clientAddress, rateKeys, type AddressedRequest } from "./clientAddress";
import { readConfig, type ConsultationConfig } from "./config";
import type { Deadline } from "./deadline";
import type { Deps } from "./deps";
import { formSecret, limited } from "./fallback";
import { issueFormToken } from "./formToken";
import { acceptLead } from "./intake";
import { processLog, requestId } from "./log";
import { phases } from "./phases";
import { invalidLimit } from "./rateLimit";
import { invalid, NOT_JSON, TOO_LARGE, tooMany, type Reply } from "./replies";
import { processStore } from "./stores";

export type { Deps, Reply };
export { NOT_JSON, TOO_LARGE };
export { safeJson } from "./replies";

/**
 * POST /api/consultation (a consultation request) and GET /api/consultation (a form token),
 * independent of the web framework. This module is the edge: what is not a well-formed request
 * ends here, with a 4xx charged to the client's allowance for invalid requests (never to its
 * allowance for leads, which an address shared by many visitors needs); a request that passes the
 * schema, which normalises every text field the same way (schemas/text.ts), goes on to intake.ts.
 */

/** The largest body accepted, the same as Gatsby's default body-parser limit. */
export const MAX_BODY_BYTES = 100 * 1024;

export interface IncomingRequest extends AddressedRequest {
  method?: string;
  body?: unknown;
}

const header = (req: IncomingRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

const isJson = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0].trim().toLowerCase() === "application/json";

type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

/** Accepts a body already parsed by the platform (Gatsby, an adapter) or a raw string/Buffer. */
function readBody(body: unknown): BodyResult {
  if (body === undefined || body === null || body === "") {
    return { ok: false, reply: invalid({ body: MESSAGES.body }) };
  }
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    const text = body.toString();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { ok: false, reply: TOO_LARGE };
    try {
      return { ok: true, value: JSON.parse(text) };
    } catch {
      return { ok: false, reply: invalid({ body: "The request body is not valid JSON." }) };
    }
  }
  // Anything but an object is invalid; no need to look further (a 5000-deep array would overflow
  // JSON.stringify's stack).
  if (typeof body !== "object" || Array.isArray(body)) return { ok: true, value: body };
  try {
    if (Buffer.byteLength(JSON.stringify(body)) > MAX_BODY_BYTES) return { ok: false, reply: TOO_LARGE };
  } catch {
    return { ok: false, reply: invalid({ body: MESSAGES.body }) };
  }
  return { ok: true, value: body };
}

/** GET: a token for a form a visitor has just started (formToken.ts). */
async function formToken(deps: Deps, storePhase: Deadline): Promise<Reply> {
  const secret = await formSecret(deps, storePhase);
  if (!secret) {
    return { status: 503, body: { error: "The form cannot be prepared just now; you can still send it." } };
  }
  return {
    status: 200,
    body: { token: issueFormToken(secret, Date.now()), minFillMs: deps.config.minFillMs },
  };
}

export async function handleConsultation(req: IncomingRequest, deps: Deps): Promise<Reply> {
  const method = (req.method ?? "").toUpperCase();
  const time = phases(deps.config);
  if (method === "GET") return formToken(deps, time.store);
  if (method !== "POST") {
    return { status: 405, headers: { Allow: "GET, POST" }, body: { error: "Use POST to send a request." } };
  }
  const { config } = deps;
  const address = clientAddress(req, config);
  /** An answer to a request that will not be kept, counted against the invalid-request allowance. */
  const refused = async (reply: Reply): Promise<Reply> => {
    const limit = invalidLimit(config.rateLimit);
    const take = await limited(deps, time.store, rateKeys(address, limit, "invalid:"), limit.windowMs);
    return take.allowed ? reply : tooMany(take.retryAfterSeconds);
  };

  if (!isJson(header(req, "content-type"))) return refused(NOT_JSON);
  // A body parser that gave up on a large body may still call the function, with no body
  // (gatsby-adapter-netlify's wrapper does): the declared length says why.
  if (Number(header(req, "content-length")) > MAX_BODY_BYTES) return refused(TOO_LARGE);
  const body = readBody(req.body);
  if (!body.ok) return refused(body.reply);
  const parsed = consultationRequestSchema.safeParse(body.value);
  if (!parsed.success) return refused(invalid(fieldErrors(parsed.error)));
  return acceptLead(parsed.data, address, deps, time, refused);
}

/** What a request is handed in production: this process's store, and its log with the request's id. */
export function defaultDeps(
  req: { headers?: IncomingRequest["headers"] },
  config: ConsultationConfig = readConfig(),
): Deps {
  const log = processLog();
  return {
    config,
    store: processStore(config, log),
    now: Date.now,
    log: log.child({ requestId: requestId(req.headers) }),
  };
}
