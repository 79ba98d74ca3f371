import type { RateLimiter } from "./rateLimit";
import type { OutboxRecord } from "./record";

/**
 * The lead store: everything about consultation requests that must outlive a request, behind
 * one interface with two implementations that pass the same tests
 * (src/server/consultation/__tests__/store.test.ts):
 *
 * - `FileStore` (file/fileStore.ts): the NDJSON outbox on this machine's disk, with rate limits
 *   and idempotency keys in the server process's memory. The embedded default: one machine.
 * - `PostgresStore` (postgres/postgresStore.ts): PostgreSQL (DATABASE_URL). Requests, idempotency
 *   keys and rate-limit counts are all in the database, so every instance of the function shares
 *   them. For serverless hosts and for more than one server.
 */

export interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

export type KeyLookup = { kind: "new" } | { kind: "replay"; id: string } | { kind: "conflict" };

export type CreateResult =
  | { kind: "created" }
  | { kind: "replay"; id: string }
  | { kind: "conflict" }
  /** Spam the store had no room for (it keeps spam only while it has plenty of room). */
  | { kind: "not-kept" };

/** The store cannot take a new request without passing its size limit. */
export class StoreFullError extends Error {}

/** What a prune removes: requests last touched before these times (ms since the epoch). */
export interface PruneCutoffs {
  /** Spam and refused requests updated before this. */
  spamBefore: number;
  /** Every other request whose last contact (its latest update) is before this. */
  enquiriesBefore: number;
  /** Rate-limit counts from before this (PostgreSQL; the file store keeps them in memory). */
  hitsBefore: number;
}

export interface PruneReport {
  spam: number;
  enquiries: number;
}

/**
 * The leads no channel has taken yet (`pending` or `failed`, no channel `delivered`): what the
 * re-send's alert (alerts.ts) and the health check (health.ts) count. Nothing here names a visitor.
 */
export interface Backlog {
  /** How many leads have reached no channel yet. */
  waiting: number;
  /** Of those, how many arrived before the alert threshold: stuck. */
  stuck: number;
  /** When the oldest of the waiting leads arrived (ISO), if any waits. */
  oldestWaiting?: string;
  /** The stuck leads' ids, oldest first, at most BACKLOG_IDS of them. */
  stuckIds: string[];
}

export const BACKLOG_IDS = 20;

/**
 * An incident the re-send has alerted about and not yet seen end: kept in the store, since each
 * re-send may run in a process of its own (Netlify's scheduled function always does).
 */
export interface Incident {
  /** When the alert went out (ISO). */
  alertedAt: string;
  /** When the oldest stuck lead had arrived, as the alert said (ISO). */
  since: string;
  /** How many leads were stuck then. */
  stuck: number;
}

export interface StoreOptions {
  /**
   * How long the maintenance lock outlives a holder that stopped renewing it (it renews every
   * third of this while it runs): a re-send that crashed, froze or lost its machine.
   */
  leaseMs?: number;
}

export const DEFAULT_LEASE_MS = 60_000;

export interface LeadStore {
  /** Where leads are kept, for messages: a file path or `PostgreSQL <host>/<database>` (no password). */
  readonly description: string;

  /** The rate limit, shared by everything that uses this store. */
  readonly rateLimiter: RateLimiter;

  /** The secret that signs form tokens when CONSULTATION_SECRET is not set (made once, then kept). */
  secret(): Promise<string>;

  /** Whether `key` was used within the last day, and for the same content (`fingerprint`). */
  lookupKey(key: string, fingerprint: string, now: number): Promise<KeyLookup>;

  /**
   * Saves a new request durably together with its idempotency key, or reports that another
   * request holds the key (a concurrent or earlier one). Resolves only once the request is
   * saved; rejects if it could not be (nothing is then kept, and the key stays free), with a
   * StoreFullError when the store has no room.
   */
  create(record: OutboxRecord, now: number): Promise<CreateResult>;

  /** Saves a later state of a request (delivery results). A `refused` request frees its key. */
  update(record: OutboxRecord): Promise<void>;

  /** The latest state of one request. */
  get(id: string): Promise<OutboxRecord | undefined>;

  /** Requests to deliver again: `failed`, and `pending` ones last updated before `staleBefore`. */
  pendingDelivery(staleBefore: number): Promise<OutboxRecord[]>;

  /** The leads no channel has taken yet; those that arrived before `stuckBefore` are stuck. */
  backlog(stuckBefore: number): Promise<Backlog>;

  /** The incident the last alert opened, until `setIncident(undefined)` closes it. */
  incident(): Promise<Incident | undefined>;

  /** Opens (or, with undefined, closes) the incident. Call it inside `exclusive`. */
  setIncident(incident: Incident | undefined): Promise<void>;

  /**
   * Deletes what the retention policy says must go (docs/leads.md, "Retention"). Call it inside
   * `exclusive`.
   */
  prune(cutoffs: PruneCutoffs): Promise<PruneReport>;

  /**
   * Runs `task` while holding the store's maintenance lock (re-send, prune). Throws at once if
   * another process holds it. The lock is a lease: its holder renews it while it runs, and a
   * holder that stops renewing it (crashed, frozen, or on a machine that is gone) loses it once
   * the lease has run out.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;

  close(): Promise<void>;
}
