import os from "node:os";
import path from "node:path";
import { MIN_FILL_MS } from "../../../schemas/consultation";
import { connection, type Connection } from "./postgres/connection";
import type { VariableName } from "./variables";

/**
 * Configuration of the consultation endpoint, read from the environment on every request (the
 * variables and their meanings: variables.ts).
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
export const OUTBOX_FILE_NAME = "consultation-requests.ndjson";
export const DEFAULT_OUTBOX = path.join(".data", OUTBOX_FILE_NAME);
export const DEFAULT_OUTBOX_MAX_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_DEADLINE_MS = 4_000;
export const DEFAULT_RESEND_INTERVAL_MINUTES = 5;
export const DEFAULT_ALERT_AFTER_MINUTES = 30;

/**
 * Variables by which serverless runtimes announce themselves. There the file system is the
 * instance's own and goes with it, so a file outbox is no durable store.
 */
export const SERVERLESS_ENV = [
  "NETLIFY", // Netlify (builds, and functions where it sets it)
  "AWS_LAMBDA_FUNCTION_NAME", // AWS Lambda, which also runs Netlify Functions
  "LAMBDA_TASK_ROOT", // AWS Lambda
  "VERCEL", // Vercel
  "FUNCTION_TARGET", // Google Cloud Functions
  "K_SERVICE", // Google Cloud Run and Cloud Functions (2nd gen)
  "FUNCTIONS_WORKER_RUNTIME", // Azure Functions
] as const;

/** The header Netlify sets itself to the client's address (a client cannot choose it). */
export const NETLIFY_CLIENT_IP_HEADER = "x-nf-client-connection-ip";

export type StoreConfig =
  /** The NDJSON outbox file on this machine's disk (absolute path), at most `maxBytes`. */
  | { kind: "file"; path: string; maxBytes: number }
  /** PostgreSQL (DATABASE_URL, completed from the PG* variables). */
  | { kind: "postgres"; url: string; connection: Connection };

export interface ConsultationConfig {
  store: StoreConfig;
  /**
   * Whether a saved request outlives this instance. False for the file outbox on a serverless
   * runtime: there a request only counts as accepted once a channel has delivered it.
   */
  durable: boolean;
  /** The variable that shows this is a serverless runtime (for log messages), if any. */
  serverless?: string;
  /**
   * Whether a saved request's delivery goes on after the visitor has the answer (a long-lived
   * server with a durable store: `npm start`), rather than within the request's time.
   */
  deliverAfterAnswer: boolean;
  rateLimit: RateLimit;
  /** A header the host sets itself to the client's address, trusted as is (lower case). */
  clientIpHeader?: string;
  /** How many proxies in front of the server append to X-Forwarded-For (0: ignore the header). */
  trustedHops: number;
  /** Submissions sent sooner than this after the form's token was issued are spam. */
  minFillMs: number;
  /** Signs form tokens; without it the store keeps a secret of its own. */
  formSecret?: string;
  email?: { smtpUrl: string; to?: string; from?: string; allowInsecureAuth: boolean };
  webhook?: { url: string; secret?: string };
  /** Each delivery attempt of the re-send. */
  deliveryTimeoutMs: number;
  /** The longest a visitor waits for the answer. */
  deadlineMs: number;
  /** How often `npm start` re-sends (0: never). */
  resendIntervalMinutes: number;
  /** When a lead that reached no channel counts as stuck, and where the re-send says so (alerts.ts). */
  alert: AlertConfig;
}

export interface AlertConfig {
  /** A lead that has reached no channel this long after it arrived is stuck. */
  afterMs: number;
  /** Gets the alert and the "delivered again" notice as JSON. */
  webhookUrl?: string;
  /** Gets them by email, through `smtpUrl` (CONSULTATION_ALERT_SMTP_URL, else SMTP_URL). */
  email?: { to: string; smtpUrl: string; from: string; allowInsecureAuth: boolean };
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

/** A whole number >= 0 from the environment, or the fallback when unset or malformed. */
const wholeNumber = (value: string | undefined, fallback: number): number => {
  const text = nonEmpty(value);
  return text && /^\d+$/.test(text) ? Number(text) : fallback;
};

export function serverlessRuntime(env: Env): string | undefined {
  return SERVERLESS_ENV.find((name) => nonEmpty(env[name]));
}

export function readConfig(env: Env = runtimeEnv(), cwd: string = process.cwd()): ConsultationConfig {
  const read = (name: VariableName) => nonEmpty(env[name]);
  const smtpUrl = read("SMTP_URL");
  const webhookUrl = read("CONSULTATION_WEBHOOK_URL");
  const databaseUrl = read("DATABASE_URL");
  const serverless = serverlessRuntime(env);
  // On a serverless runtime only the temporary directory is writable.
  const outbox = path.resolve(
    cwd,
    read("CONSULTATION_OUTBOX") ?? (serverless ? path.join(os.tmpdir(), OUTBOX_FILE_NAME) : DEFAULT_OUTBOX),
  );
  let clientIpHeader = read("CONSULTATION_CLIENT_IP_HEADER")?.toLowerCase();
  let trustedHops = wholeNumber(read("CONSULTATION_TRUSTED_HOPS"), 0);
  if (clientIpHeader === "x-forwarded-for") {
    // What this variable meant before CONSULTATION_TRUSTED_HOPS: the last entry, added by one proxy.
    clientIpHeader = undefined;
    if (!read("CONSULTATION_TRUSTED_HOPS")) trustedHops = 1;
  }
  if (!clientIpHeader && nonEmpty(env.NETLIFY)) clientIpHeader = NETLIFY_CLIENT_IP_HEADER;
  const positive = (name: VariableName, fallback: number) => wholeNumber(read(name), fallback) || fallback;
  const allowInsecureAuth = read("SMTP_ALLOW_INSECURE_AUTH")?.toLowerCase() === "true";
  return {
    store: databaseUrl
      ? { kind: "postgres", url: databaseUrl, connection: connection(databaseUrl, env) }
      : {
          kind: "file",
          path: outbox,
          maxBytes: positive("CONSULTATION_OUTBOX_MAX_BYTES", DEFAULT_OUTBOX_MAX_BYTES),
        },
    durable: Boolean(databaseUrl) || !serverless,
    serverless,
    // Only where the process outlives the answer and the request is saved durably before it.
    deliverAfterAnswer: read("CONSULTATION_DELIVER_AFTER_ANSWER")?.toLowerCase() === "true" && !serverless,
    rateLimit: parseRateLimit(read("CONSULTATION_RATE_LIMIT")),
    clientIpHeader,
    trustedHops,
    minFillMs: wholeNumber(read("CONSULTATION_MIN_FILL_MS"), MIN_FILL_MS),
    formSecret: read("CONSULTATION_SECRET"),
    email: smtpUrl
      ? {
          smtpUrl,
          to: read("CONSULTATION_TO"),
          from: read("CONSULTATION_FROM") ?? read("CONSULTATION_TO"),
          allowInsecureAuth,
        }
      : undefined,
    webhook: webhookUrl ? { url: webhookUrl, secret: read("CONSULTATION_WEBHOOK_SECRET") } : undefined,
    deliveryTimeoutMs: positive("CONSULTATION_DELIVERY_TIMEOUT_MS", DEFAULT_DELIVERY_TIMEOUT_MS),
    deadlineMs: positive("CONSULTATION_DEADLINE_MS", DEFAULT_DEADLINE_MS),
    resendIntervalMinutes: wholeNumber(
      read("CONSULTATION_RESEND_INTERVAL_MINUTES"),
      DEFAULT_RESEND_INTERVAL_MINUTES,
    ),
    alert: alertConfig(read, smtpUrl, allowInsecureAuth),
  };
}

function alertConfig(
  read: (name: VariableName) => string | undefined,
  smtpUrl: string | undefined,
  allowInsecureAuth: boolean,
): AlertConfig {
  const afterMinutes =
    wholeNumber(read("CONSULTATION_ALERT_AFTER_MINUTES"), 0) || DEFAULT_ALERT_AFTER_MINUTES;
  const to = read("CONSULTATION_ALERT_TO");
  const alertSmtpUrl = read("CONSULTATION_ALERT_SMTP_URL");
  const server = alertSmtpUrl ?? smtpUrl;
  // Through the leads' own mail server the sender is theirs; another server gets its own address.
  const from = (!alertSmtpUrl && read("CONSULTATION_FROM")) || to;
  return {
    afterMs: afterMinutes * 60_000,
    webhookUrl: read("CONSULTATION_ALERT_WEBHOOK_URL"),
    email: to && server && from ? { to, smtpUrl: server, from, allowInsecureAuth } : undefined,
  };
}
