import { MESSAGES, type FieldErrors } from "../../../schemas/consultation";

/**
 * Every answer the endpoint gives, in one place. Each message is a fixed sentence: none repeats
 * what was sent, so an answer can never reflect a visitor's (or an attacker's) input back.
 */

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: { id: string } | { errors: FieldErrors } | { error: string } | { token: string; minFillMs: number };
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
