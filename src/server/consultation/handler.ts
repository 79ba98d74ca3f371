import { createHash, randomUUID } from "node:crypto";
import {
  consultationRequestSchema,
  fieldErrors,
  MESSAGES,
  type FieldErrors,
} from "../../../schemas/consultation";
import { clientAddress, rateKey, type AddressedRequest } from "./clientAddress";
import { readConfig, type ConsultationConfig } from "./config";
import { deliver } from "./delivery";
import type { OutboxRecord } from "./record";
import type { CreateResult, LeadStore } from "./store";
import { processStore } from "./stores";

/** The largest body accepted, the same as Gatsby's default body-parser limit. */
export const MAX_BODY_BYTES = 100 * 1024;

export interface IncomingRequest extends AddressedRequest {
  method?: string;
  body?: unknown;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: { id: string } | { errors: FieldErrors } | { error: string };
}

export interface Deps {
  config: ConsultationConfig;
  store: LeadStore;
  now: () => number;
  log: Pick<Console, "error" | "warn">;
}

const header = (req: IncomingRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

const isJson = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0].trim().toLowerCase() === "application/json";

type BodyResult = { ok: true; value: unknown } | { ok: false; reply: Reply };

const invalid = (errors: FieldErrors): Reply => ({ status: 400, body: { errors } });
export const TOO_LARGE = {
  status: 413,
  body: { error: "The request is too large." },
} as const satisfies Reply;
export const NOT_JSON = {
  status: 415,
  body: { error: "Send the request as application/json." },
} as const satisfies Reply;
const tooLarge: Reply = TOO_LARGE;

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

const tooMany = (retryAfterSeconds: number): Reply => ({
  status: 429,
  headers: { "Retry-After": String(retryAfterSeconds) },
  body: { error: "Too many requests from your address. Please wait a few minutes and try again." },
});

const replayed = (id: string): Reply => ({
  status: 201,
  headers: { "Idempotent-Replayed": "true" },
  body: { id },
});

const keyConflict = invalid({ idempotencyKey: "This request key was already used for a different request." });

/** POST /api/consultation, independent of the web framework. */
export async function handleConsultation(req: IncomingRequest, deps: Deps): Promise<Reply> {
  if ((req.method ?? "").toUpperCase() !== "POST") {
    return { status: 405, headers: { Allow: "POST" }, body: { error: "Use POST to send a request." } };
  }
  const { config, store, log } = deps;
  const now = deps.now();
  const client = rateKey(clientAddress(req, config));
  /** Counts a request that will not be saved (invalid ones count too): its answer, or 429. */
  const counted = async (reply: Reply): Promise<Reply> => {
    const take = await store.takeRate(client, config.rateLimit, now);
    return take.allowed ? reply : tooMany(take.retryAfterSeconds);
  };

  if (!isJson(header(req, "content-type"))) {
    return counted(NOT_JSON);
  }

  // A body parser that gave up on a large body may still call the function, with no body
  // (gatsby-adapter-netlify's wrapper does): the declared length says why.
  if (Number(header(req, "content-length")) > MAX_BODY_BYTES) return counted(tooLarge);
  const body = readBody(req.body);
  if (!body.ok) return counted(body.reply);

  const parsed = consultationRequestSchema.safeParse(body.value);
  if (!parsed.success) return counted(invalid(fieldErrors(parsed.error)));
  const request = parsed.data;

  const spamReason =
    request.website.trim() !== ""
      ? ("honeypot" as const)
      : (request.sentAt ?? now) - request.startedAt < config.minFillMs
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

  // The same request again (a retry after a lost answer) gets the first answer, stores nothing
  // twice and uses up no quota.
  const seen = await store.lookupKey(idempotencyKey, fingerprint, now);
  if (seen.kind === "replay") return replayed(seen.id);
  if (seen.kind === "conflict") return counted(keyConflict);

  const take = await store.takeRate(client, config.rateLimit, now);
  if (!take.allowed) return tooMany(take.retryAfterSeconds);

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

  // Durable first: the request is saved before anything else happens to it.
  let created: CreateResult;
  try {
    created = await store.create(record, now);
  } catch (error) {
    log.error(`consultation: could not save a request to ${store.description}: ${String(error)}`);
    return {
      status: 500,
      body: { error: "We could not save your request. Please try again, or email us instead." },
    };
  }
  if (created.kind === "replay") {
    await take.refund(); // a concurrent twin saved it first
    return replayed(created.id);
  }
  if (created.kind === "conflict") return keyConflict;

  // Spam is answered like a success so a bot learns nothing, and is never delivered.
  if (spamReason) return { status: 201, body: { id } };

  const next = await deliver(record, config);
  const reached = Object.values(next.delivery).some((state) => state?.status === "delivered");
  if (!config.durable && !reached) {
    // Nothing keeps this request beyond this instance: do not tell the visitor it was received.
    const why =
      next.status === "stored"
        ? "no delivery channel is configured (SMTP_URL with CONSULTATION_TO, or CONSULTATION_WEBHOOK_URL)"
        : `every channel failed (${next.reason})`;
    log.error(
      `consultation: answered 503 to request ${id}: ${why}, and this is a serverless runtime (${config.serverless} is set) where ${store.description} does not outlive the instance. Set DATABASE_URL to a PostgreSQL database to keep requests durably.`,
    );
    await store
      .update({ ...next, status: "refused", reason: why })
      .catch((error) =>
        log.error(`consultation: could not record request ${id} as refused: ${String(error)}`),
      );
    return {
      status: 503,
      body: {
        error:
          "We could not send your request just now. Please try again in a few minutes, or email us instead.",
      },
    };
  }
  try {
    await store.update(next);
  } catch (error) {
    // The request is saved as "pending"; the re-send command picks it up.
    log.error(`consultation: could not record the delivery of ${id}: ${String(error)}`);
  }
  if (next.status === "failed") {
    log.error(
      `consultation: delivery of ${id} failed: ${next.reason}${config.durable ? "" : ` (not retried: ${store.description} does not outlive this serverless instance)`}`,
    );
  }
  return { status: 201, body: { id } };
}

export function defaultDeps(): Deps {
  const config = readConfig();
  return { config, store: processStore(config), now: Date.now, log: console };
}

/** JSON that is safe even if a browser were tricked into reading it as HTML. */
export const safeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
