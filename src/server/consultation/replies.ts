import { MESSAGES, type FieldErrors } from "../../../schemas/consultation";
import { API_HEADERS } from "../../../shared/securityHeaders";

/**
 * Every answer the endpoints give, in one place, and how they are written. Each message is a
 * fixed sentence: none repeats what was sent, so an answer can never reflect a visitor's (or an
 * attacker's) input back.
 */

/** GET /api/health's body (health.ts): counts and ages, nothing else. */
export interface HealthReport {
  /** `ok`; `stuck`: a lead waits past the threshold; `store-unreachable`: the store did not answer. */
  status: "ok" | "stuck" | "store-unreachable";
  /** Leads that have reached no channel yet, and how many of them are stuck (null: not known). */
  waiting: number | null;
  stuck: number | null;
  /** How long the oldest of them has waited, in seconds (null: none waits, or not known). */
  oldestWaitingSeconds: number | null;
  /** The threshold: CONSULTATION_ALERT_AFTER_MINUTES, in seconds. */
  stuckAfterSeconds: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body:
    | { id: string }
    | { errors: FieldErrors }
    | { error: string }
    | { token: string; minFillMs: number }
    | HealthReport;
}

export const invalid = (errors: FieldErrors): Reply => ({ status: 400, body: { errors } });

export const TOO_LARGE = {
  status: 413,
  body: { error: "The request is too large." },
} as const satisfies Reply;
export const NOT_JSON = {
  status: 415,
  body: { error: "Send the request as application/json." },
} as const satisfies Reply;

export const tooMany = (retryAfterSeconds: number): Reply => ({
  status: 429,
  headers: { "Retry-After": String(retryAfterSeconds) },
  body: { error: "Too many requests from your address. Please wait a few minutes and try again." },
});

export const accepted = (id: string): Reply => ({ status: 201, body: { id } });

export const replayed = (id: string): Reply => ({
  status: 201,
  headers: { "Idempotent-Replayed": "true" },
  body: { id },
});

export const KEY_CONFLICT = invalid({
  idempotencyKey: "This request key was already used for a different request.",
});
export const FORM_TOKEN = invalid({ formToken: MESSAGES.formToken });

/** No channel took it and nothing could keep it: the visitor is asked to retry or to email. */
export const NOT_SAVED: Reply = {
  status: 500,
  body: { error: "We could not save your request. Please try again, or email us instead." },
};

export const NOT_SENT: Reply = {
  status: 503,
  body: {
    error: "We could not send your request just now. Please try again in a few minutes, or email us instead.",
  },
};

/** JSON that is safe even if a browser were tricked into reading it as HTML. */
export const safeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** The response object of a Gatsby Function, as far as `writeReply` uses it. */
export interface ReplyTarget {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
  send(body: string): unknown;
}

/**
 * Writes `reply` as JSON with the site's security headers and a policy for JSON (a host applies
 * its header rules to files only, so a function sends them itself), not cached unless the reply
 * says otherwise.
 */
export function writeReply(res: ReplyTarget, reply: Reply): void {
  res.status(reply.status);
  for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  res.send(safeJson(reply.body));
}
