import type { RateLimit } from "./config";
import type { OutboxRecord } from "./record";

/**
 * The lead store: everything about consultation requests that must outlive a request, behind
 * one interface with two implementations that pass the same tests
 * (src/server/consultation/__tests__/store.test.ts):
 *
 * - `FileStore` (fileStore.ts): the NDJSON outbox on this machine's disk, with rate limits and
 *   idempotency keys in the server process's memory. The embedded default: one machine.
 * - `PostgresStore` (postgresStore.ts): PostgreSQL (DATABASE_URL). Requests, idempotency keys
 *   and rate-limit counters are all in the database, so every instance of the function shares
 *   them. For serverless hosts and for more than one server.
 */

export type KeyLookup = { kind: "new" } | { kind: "replay"; id: string } | { kind: "conflict" };

export type CreateResult = { kind: "created" } | { kind: "replay"; id: string } | { kind: "conflict" };

export type RateTake =
  | { allowed: true; /** Gives the request back (it was a replay). */ refund(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

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

export interface LeadStore {
  /** Where leads are kept, for messages: a file path or `PostgreSQL <host>/<database>` (no password). */
  readonly description: string;

  /** Counts one request from `client` if it is within `limit`; atomic across instances. */
  takeRate(client: string, limit: RateLimit, now: number): Promise<RateTake>;

  /** Whether `key` was used within the last day, and for the same content (`fingerprint`). */
  lookupKey(key: string, fingerprint: string, now: number): Promise<KeyLookup>;

  /**
   * Saves a new request durably together with its idempotency key, or reports that another
   * request holds the key (a concurrent or earlier one). Resolves only once the request is
   * saved; rejects if it could not be (nothing is then kept, and the key stays free).
   */
  create(record: OutboxRecord, now: number): Promise<CreateResult>;

  /** Saves a later state of a request (delivery results). A `refused` request frees its key. */
  update(record: OutboxRecord): Promise<void>;

  /** The latest state of one request. */
  get(id: string): Promise<OutboxRecord | undefined>;

  /** Requests to deliver again: `failed`, and `pending` ones last updated before `staleBefore`. */
  pendingDelivery(staleBefore: number): Promise<OutboxRecord[]>;

  /**
   * Deletes what the retention policy says must go (docs: README "Retention"). Call it inside
   * `exclusive`.
   */
  prune(cutoffs: PruneCutoffs): Promise<PruneReport>;

  /**
   * Runs `task` while holding the store's maintenance lock (re-send, prune). Throws at once if
   * another process holds it; a lock is never taken from a process that is still running.
   */
  exclusive<T>(task: () => Promise<T>): Promise<T>;

  close(): Promise<void>;
}
