import { Pool, type PoolClient } from "pg";
import type { RateLimit } from "./config";
import { IDEMPOTENCY_TTL_MS } from "./idempotency";
import type { Logger } from "./outbox";
import type { OutboxRecord } from "./record";
import type { CreateResult, KeyLookup, LeadStore, PruneCutoffs, PruneReport, RateTake } from "./store";

/**
 * The lead store in PostgreSQL (DATABASE_URL), through node-postgres. Requests, idempotency keys
 * and rate-limit counts are rows, so every instance of the function (every serverless instance,
 * every server) shares them, and a request answered 201 is committed first.
 *
 * The tables are created on first use (`CREATE TABLE IF NOT EXISTS`, under an advisory lock so
 * two instances starting at once do not collide): no migration step to remember. A change to
 * them later gets its own idempotent statement here, run the same way.
 */

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS consultation_requests (
  id uuid PRIMARY KEY,
  received_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  status text NOT NULL,
  reason text,
  spam_reason text,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  fields jsonb NOT NULL,
  context jsonb NOT NULL,
  delivery jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS consultation_requests_status_updated
  ON consultation_requests (status, updated_at);
CREATE TABLE IF NOT EXISTS consultation_idempotency_keys (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  request_id uuid NOT NULL REFERENCES consultation_requests (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS consultation_rate_hits (
  id bigserial PRIMARY KEY,
  client text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS consultation_rate_hits_client_at ON consultation_rate_hits (client, at);
`;

const KEY_TAKEN = Symbol("the idempotency key is taken");

/** Advisory lock ids (any 64-bit numbers this application owns). */
const SCHEMA_LOCK = 7_305_001;
const MAINTENANCE_LOCK = 7_305_002;

interface Row {
  id: string;
  received_at: Date;
  updated_at: Date;
  status: OutboxRecord["status"];
  reason: string | null;
  spam_reason: OutboxRecord["spamReason"] | null;
  idempotency_key: string;
  fingerprint: string;
  fields: OutboxRecord["fields"];
  context: OutboxRecord["context"];
  delivery: OutboxRecord["delivery"];
}

const toRecord = (row: Row): OutboxRecord => ({
  id: row.id,
  receivedAt: row.received_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  status: row.status,
  ...(row.reason ? { reason: row.reason } : {}),
  ...(row.spam_reason ? { spamReason: row.spam_reason } : {}),
  idempotencyKey: row.idempotency_key,
  fingerprint: row.fingerprint,
  fields: row.fields,
  context: row.context,
  delivery: row.delivery,
});

/** `PostgreSQL host:port/database`, for messages: never the user or password. */
export function describeDatabase(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `PostgreSQL ${hostname}${port ? `:${port}` : ""}${pathname || "/"}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

export class PostgresStore implements LeadStore {
  private readonly pool: Pool;
  private ready?: Promise<void>;
  readonly description: string;

  constructor(
    url: string,
    private readonly log: Logger & Pick<Console, "error"> = console,
  ) {
    this.description = describeDatabase(url);
    this.pool = new Pool({
      connectionString: url,
      // A function instance handles one request at a time; a few connections are plenty, and
      // many instances must not exhaust the server's connection limit.
      max: 4,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: 10_000,
    });
    // A connection that breaks while idle (the server restarted) must not crash the process.
    this.pool.on("error", (error) => log.error(`consultation: ${this.description}: ${error.message}`));
  }

  /** Creates the tables on first use (and again after a failure, e.g. the server was down). */
  private schema(): Promise<void> {
    this.ready ??= this.transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
      await client.query(SCHEMA_SQL);
    }).catch((error) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /**
   * A connection of the pool for several statements. While it is out of the pool, a connection
   * that breaks between two statements (the server died) emits "error" with nobody listening,
   * which would end the process: listen until it is back.
   */
  private async checkOut(): Promise<PoolClient & { done(healthy: boolean): void }> {
    const client = await this.pool.connect();
    const onError = (error: Error) => this.log.error(`consultation: ${this.description}: ${error.message}`);
    client.on("error", onError);
    return Object.assign(client, {
      done: (healthy: boolean) => {
        client.off("error", onError);
        client.release(!healthy);
      },
    });
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.checkOut();
    let healthy = true;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot even roll back is dead: do not give it back to the pool.
      await client.query("ROLLBACK").catch(() => (healthy = false));
      throw error;
    } finally {
      client.done(healthy);
    }
  }

  private async query<R extends object>(sql: string, values: unknown[] = []): Promise<R[]> {
    await this.schema();
    return (await this.pool.query<R>(sql, values)).rows;
  }

  async takeRate(client: string, limit: RateLimit, now: number): Promise<RateTake> {
    await this.schema();
    const since = new Date(now - limit.windowMs);
    const result = await this.transaction(async (db) => {
      // One client's requests are counted one at a time, across every instance.
      await db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`consultation:${client}`]);
      await db.query("DELETE FROM consultation_rate_hits WHERE client = $1 AND at <= $2", [client, since]);
      // The max-th most recent request in the window: while it is there, the client must wait.
      const { rows } = await db.query<{ at: Date }>(
        "SELECT at FROM consultation_rate_hits WHERE client = $1 ORDER BY at DESC OFFSET $2 LIMIT 1",
        [client, limit.max - 1],
      );
      if (rows.length) {
        const retryAfterMs = rows[0].at.getTime() + limit.windowMs - now;
        return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      }
      const inserted = await db.query<{ id: string }>(
        "INSERT INTO consultation_rate_hits (client, at) VALUES ($1, $2) RETURNING id",
        [client, new Date(now)],
      );
      return { allowed: true as const, hit: inserted.rows[0].id };
    });
    if (!result.allowed) return result;
    return {
      allowed: true,
      refund: async () => {
        await this.pool.query("DELETE FROM consultation_rate_hits WHERE id = $1", [result.hit]);
      },
    };
  }

  async lookupKey(key: string, fingerprint: string, now: number): Promise<KeyLookup> {
    const rows = await this.query<{ fingerprint: string; request_id: string }>(
      "SELECT fingerprint, request_id FROM consultation_idempotency_keys WHERE key = $1 AND created_at > $2",
      [key, new Date(now - IDEMPOTENCY_TTL_MS)],
    );
    if (!rows.length) return { kind: "new" };
    return rows[0].fingerprint === fingerprint
      ? { kind: "replay", id: rows[0].request_id }
      : { kind: "conflict" };
  }

  async create(record: OutboxRecord, now: number): Promise<CreateResult> {
    await this.schema();
    const claimed = this.transaction(async (db) => {
      await db.query(
        `INSERT INTO consultation_requests
           (id, received_at, updated_at, status, reason, spam_reason, idempotency_key, fingerprint, fields, context, delivery)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          record.id,
          record.receivedAt,
          record.updatedAt,
          record.status,
          record.reason ?? null,
          record.spamReason ?? null,
          record.idempotencyKey,
          record.fingerprint,
          record.fields,
          record.context,
          record.delivery,
        ],
      );
      // Takes the key, or an expired one; waits for a concurrent request that is taking it.
      const { rowCount } = await db.query(
        `INSERT INTO consultation_idempotency_keys (key, fingerprint, request_id, created_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, request_id = EXCLUDED.request_id, created_at = EXCLUDED.created_at
           WHERE consultation_idempotency_keys.created_at <= $5`,
        [
          record.idempotencyKey,
          record.fingerprint,
          record.id,
          new Date(now),
          new Date(now - IDEMPOTENCY_TTL_MS),
        ],
      );
      // Someone else holds it: roll back, keeping nothing of this request.
      if (rowCount !== 1) throw KEY_TAKEN;
    });
    try {
      await claimed;
      return { kind: "created" };
    } catch (error) {
      if (error !== KEY_TAKEN) throw error;
    }
    const seen = await this.lookupKey(record.idempotencyKey, record.fingerprint, now);
    // A key that expired between the two statements: try again as new.
    return seen.kind === "new" ? this.create(record, now) : seen;
  }

  async update(record: OutboxRecord): Promise<void> {
    await this.schema();
    await this.transaction(async (db) => {
      await db.query(
        `UPDATE consultation_requests
           SET updated_at = $2, status = $3, reason = $4, spam_reason = $5, delivery = $6
         WHERE id = $1`,
        [
          record.id,
          record.updatedAt,
          record.status,
          record.reason ?? null,
          record.spamReason ?? null,
          record.delivery,
        ],
      );
      if (record.status === "refused") {
        await db.query("DELETE FROM consultation_idempotency_keys WHERE request_id = $1", [record.id]);
      }
    });
  }

  async get(id: string): Promise<OutboxRecord | undefined> {
    const rows = await this.query<Row>("SELECT * FROM consultation_requests WHERE id = $1", [id]);
    return rows.length ? toRecord(rows[0]) : undefined;
  }

  async pendingDelivery(staleBefore: number): Promise<OutboxRecord[]> {
    const rows = await this.query<Row>(
      `SELECT * FROM consultation_requests
       WHERE status = 'failed' OR (status = 'pending' AND updated_at < $1)
       ORDER BY received_at`,
      [new Date(staleBefore)],
    );
    return rows.map(toRecord);
  }

  async prune(cutoffs: PruneCutoffs): Promise<PruneReport> {
    const rows = await this.query<{ status: string }>(
      `DELETE FROM consultation_requests
       WHERE (status IN ('spam', 'refused') AND updated_at < $1)
          OR (status NOT IN ('spam', 'refused') AND updated_at < $2)
       RETURNING status`,
      [new Date(cutoffs.spamBefore), new Date(cutoffs.enquiriesBefore)],
    );
    await this.pool.query("DELETE FROM consultation_rate_hits WHERE at < $1", [new Date(cutoffs.hitsBefore)]);
    const spam = rows.filter((r) => r.status === "spam" || r.status === "refused").length;
    return { spam, enquiries: rows.length - spam };
  }

  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    await this.schema();
    // A session lock on a connection of its own: the server drops it the moment that
    // connection ends, so a crashed run never leaves it behind, and a live one keeps it.
    const client = await this.checkOut();
    let healthy = true;
    try {
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
        MAINTENANCE_LOCK,
      ]);
      if (!rows[0].locked) {
        throw new Error(
          `another re-send or prune is running on ${this.description} (it holds advisory lock ${MAINTENANCE_LOCK}); wait for it`,
        );
      }
      try {
        return await task();
      } finally {
        await client
          .query("SELECT pg_advisory_unlock($1)", [MAINTENANCE_LOCK])
          .catch(() => (healthy = false));
      }
    } finally {
      // Ending a connection whose unlock failed releases the lock too.
      client.done(healthy);
    }
  }

  async close(): Promise<void> {
    if (!this.pool.ended && !this.pool.ending) await this.pool.end();
  }
}
