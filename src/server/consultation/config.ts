import path from "node:path";

/**
 * Configuration of the consultation endpoint, read from the environment on every request.
 *
 * Why `globalThis.process.env` and not `process.env`: Gatsby compiles Functions with webpack's
 * DefinePlugin, which replaces every `process.env.X` with the value X had at *build* time and
 * `process.env` itself with `{}`. Reading through `globalThis` is left alone, so the values are
 * the ones of the running server (and secrets such as SMTP_URL never end up in the bundle).
 */
export type Env = Record<string, string | undefined>;

export const runtimeEnv = (): Env => globalThis.process?.env ?? {};

export interface RateLimit {
  max: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 600_000 };
export const DEFAULT_OUTBOX = path.join(".data", "consultation-requests.ndjson");
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;

export interface ConsultationConfig {
  /** Absolute path of the outbox file. */
  outbox: string;
  rateLimit: RateLimit;
  /** Request header that carries the client's address behind a trusted proxy (lower case). */
  clientIpHeader?: string;
  email?: { smtpUrl: string; to?: string; from?: string };
  webhook?: { url: string; secret?: string };
  deliveryTimeoutMs: number;
}

/** `5/600` means 5 requests per 600 seconds. Anything else falls back to the default. */
export function parseRateLimit(value: string | undefined): RateLimit {
  const match = value?.trim().match(/^(\d+)\s*\/\s*(\d+)$/);
  if (!match) return DEFAULT_RATE_LIMIT;
  const max = Number(match[1]);
  const seconds = Number(match[2]);
  if (max < 1 || seconds < 1) return DEFAULT_RATE_LIMIT;
  return { max, windowMs: seconds * 1000 };
}

const nonEmpty = (v: string | undefined): string | undefined => (v && v.trim() ? v.trim() : undefined);

export function readConfig(env: Env = runtimeEnv(), cwd: string = process.cwd()): ConsultationConfig {
  const smtpUrl = nonEmpty(env.SMTP_URL);
  const webhookUrl = nonEmpty(env.CONSULTATION_WEBHOOK_URL);
  const timeout = Number(env.CONSULTATION_DELIVERY_TIMEOUT_MS);
  return {
    outbox: path.resolve(cwd, nonEmpty(env.CONSULTATION_OUTBOX) ?? DEFAULT_OUTBOX),
    rateLimit: parseRateLimit(env.CONSULTATION_RATE_LIMIT),
    clientIpHeader: nonEmpty(env.CONSULTATION_CLIENT_IP_HEADER)?.toLowerCase(),
    email: smtpUrl
      ? {
          smtpUrl,
          to: nonEmpty(env.CONSULTATION_TO),
          from: nonEmpty(env.CONSULTATION_FROM) ?? nonEmpty(env.CONSULTATION_TO),
        }
      : undefined,
    webhook: webhookUrl ? { url: webhookUrl, secret: nonEmpty(env.CONSULTATION_WEBHOOK_SECRET) } : undefined,
    deliveryTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_DELIVERY_TIMEOUT_MS,
  };
}
