import { createHash, randomUUID } from "node:crypto";
import {
  consultationRequestSchema,
  fieldErrors,
  MESSAGES,
  MIN_FILL_MS,
  type FieldErrors,
} from "../../../schemas/consultation";
import { readConfig, type ConsultationConfig } from "./config";
import { deliver } from "./delivery";
import { IdempotencyStore } from "./idempotency";
import { appendRecord, readOutbox, type OutboxRecord } from "./outbox";
import { RateLimiter } from "./rateLimiter";

/** The largest body accepted, the same as Gatsby's default body-parser limit. */
export const MAX_BODY_BYTES = 100 * 1024;

export interface IncomingRequest {
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: { id: string } | { errors: FieldErrors } | { error: string };
}

export interface ConsultationState {
  limiter: RateLimiter;
  idempotency: IdempotencyStore;
}

/**
 * Gatsby reloads a Function's module for every request under `gatsby serve`, so state kept in
 * module scope would be forgotten between requests. It lives on `globalThis` instead: one limiter
 * and one idempotency store per server process.
 */
const STATE_KEY = Symbol.for("copperline.consultation.state");
type Holder = { [STATE_KEY]?: ConsultationState };

export function processState(): ConsultationState {
  const holder = globalThis as Holder;
  holder[STATE_KEY] ??= { limiter: new RateLimiter(), idempotency: new IdempotencyStore() };
  return holder[STATE_KEY];
}

/** Forgets rate-limit and idempotency state (tests). */
export function resetProcessState(): void {
  delete (globalThis as Holder)[STATE_KEY];
}

export interface Deps {
  config: ConsultationConfig;
  state: ConsultationState;
  now: () => number;
  log: Pick<Console, "error" | "warn">;
}

const header = (req: IncomingRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

export function clientAddress(req: IncomingRequest, config: ConsultationConfig): string {
  if (config.clientIpHeader) {
    // Behind one trusted proxy the last entry is the one the proxy added; earlier ones can be forged.
    const forwarded = header(req, config.clientIpHeader)?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return req.ip ?? req.socket?.remoteAddress ?? "unknown";
}

const isJson = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0].trim().toLowerCase() === "application/json";

type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

const invalid = (errors: FieldErrors): Reply => ({ status: 400, body: { errors } });
const tooLarge: Reply = { status: 413, body: { error: "The request is too large." } };

/** Accepts a body already parsed by the platform (Gatsby, an adapter) or a raw string/Buffer. */
function readBody(body: unknown): BodyResult {
  if (body === undefined || body === null || body === "") {
    return { ok: false, reply: invalid({ body: MESSAGES.body }) };
  }
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    const text = body.toString();
    if (Buffer.byteLength(text) > MAX_BODY_BYTES) return { ok: false, reply: tooLarge };
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
    if (Buffer.byteLength(JSON.stringify(body)) > MAX_BODY_BYTES) return { ok: false, reply: tooLarge };
  } catch {
    return { ok: false, reply: invalid({ body: MESSAGES.body }) };
  }
  return { ok: true, value: body };
}

async function ensureHydrated(deps: Deps): Promise<void> {
  const { idempotency } = deps.state;
  if (idempotency.hydrated) return;
  try {
    const { records } = await readOutbox(deps.config.outbox);
    idempotency.hydrate(records.values(), deps.now());
  } catch (error) {
    deps.log.warn(`consultation: could not read the outbox to restore idempotency keys: ${String(error)}`);
  }
}

/** POST /api/consultation, independent of the web framework. */
export async function handleConsultation(req: IncomingRequest, deps: Deps): Promise<Reply> {
  if ((req.method ?? "").toUpperCase() !== "POST") {
    return { status: 405, headers: { Allow: "POST" }, body: { error: "Use POST to send a request." } };
  }

  const decision = deps.state.limiter.check(
    clientAddress(req, deps.config),
    deps.config.rateLimit,
    deps.now(),
  );
  if (!decision.allowed) {
    return {
      status: 429,
      headers: { "Retry-After": String(decision.retryAfterSeconds) },
      body: { error: "Too many requests from your address. Please wait a few minutes and try again." },
    };
  }

  if (!isJson(header(req, "content-type"))) {
    return { status: 415, body: { error: "Send the request as application/json." } };
  }

  const body = readBody(req.body);
  if (!body.ok) return body.reply;

  const parsed = consultationRequestSchema.safeParse(body.value);
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const request = parsed.data;

  const now = deps.now();
  const spamReason =
    request.website.trim() !== ""
      ? ("honeypot" as const)
      : (request.sentAt ?? now) - request.startedAt < MIN_FILL_MS
        ? ("too-fast" as const)
        : undefined;

  const {
    website: _website,
    startedAt: _startedAt,
    sentAt: _sentAt,
    idempotencyKey,
    context,
    ...fields
  } = request;
  const fingerprint = createHash("sha256").update(JSON.stringify({ fields, context })).digest("hex");

  await ensureHydrated(deps);
  const { idempotency } = deps.state;
  const seen = idempotency.lookup(idempotencyKey, fingerprint, now);
  if (seen.kind === "conflict") {
    return invalid({ idempotencyKey: "This request key was already used for a different request." });
  }
  if (seen.kind === "replay") {
    try {
      // The same request again (a retry after a lost answer): the first answer, nothing stored twice.
      const id = await seen.entry.result;
      return { status: 201, headers: { "Idempotent-Replayed": "true" }, body: { id } };
    } catch {
      // The first attempt could not be saved and released its key; fall through to save this one.
    }
  }

  const id = randomUUID();
  const at = new Date(now).toISOString();
  const record: OutboxRecord = {
    id,
    receivedAt: at,
    updatedAt: at,
    status: spamReason ? "spam" : "pending",
    ...(spamReason ? { spamReason } : {}),
    idempotencyKey,
    fingerprint,
    fields,
    context,
    delivery: {},
  };

  // Durable first: the request is on disk before anything else happens to it.
  const saved = appendRecord(deps.config.outbox, record).then(() => id);
  idempotency.reserve(idempotencyKey, fingerprint, now, saved);
  try {
    await saved;
  } catch (error) {
    idempotency.release(idempotencyKey);
    deps.log.error(`consultation: could not write to the outbox ${deps.config.outbox}: ${String(error)}`);
    return {
      status: 500,
      body: { error: "We could not save your request. Please try again, or email us instead." },
    };
  }

  // Spam is answered like a success so a bot learns nothing, and is never delivered.
  if (spamReason) return { status: 201, body: { id } };

  try {
    const next = await deliver(record, deps.config);
    await appendRecord(deps.config.outbox, next);
    if (next.status === "failed") deps.log.error(`consultation: delivery of ${id} failed: ${next.reason}`);
  } catch (error) {
    // The request is safe in the outbox as "pending"; the re-send command picks it up.
    deps.log.error(`consultation: could not record the delivery of ${id}: ${String(error)}`);
  }
  return { status: 201, body: { id } };
}

export function defaultDeps(): Deps {
  return { config: readConfig(), state: processState(), now: Date.now, log: console };
}

/** JSON that is safe even if a browser were tricked into reading it as HTML. */
export const safeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
