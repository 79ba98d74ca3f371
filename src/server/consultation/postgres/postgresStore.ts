import { Pool, type PoolClient } from "pg";
import { IDEMPOTENCY_TTL_MS } from "../idempotency";
import type { OutboxRecord } from "../record";
import {
  DEFAULT_LEASE_MS,
  type Backlog,
  type CreateResult,
  type Incident,
  type KeyLookup,
  type LeadStore,
  type Logger,
  type PruneCutoffs,
  type PruneReport,
  type StoreOptions,
} from "../store";
import {
  describeConnection,
  poolConfig,
  REQUEST_TIMEOUTS,
  type Connection,
  type Timeouts,
} from "./connection";
import { readBacklog, readIncident, writeIncident } from "./backlog";
import { withAdvisoryLease } from "./lease";
import { PostgresRateLimiter } from "./rateLimit";
import {
  INSERT_REQUEST,
  insertValues,
  toRecord,
  UPDATE_REQUEST,
  updateValues,
  type RequestRow,
} from "./requestRow";
import { isMissingTable, TABLES } from "./schema";

/**
 * The lead store in PostgreSQL (DATABASE_URL), through node-postgres. Requests, idempotency keys
 * and rate-limit counts are rows, so every instance of the function (every serverless instance,
 * every server) shares them, and a request answered 201 is committed first. The tables come from
 * `npm run db:migrate` (schema.ts); how a record is laid out in its row is requestRow.ts's. Every
 * session has a statement and a lock timeout (connection.ts): a request's store calls take seconds
 * at most, whatever the database does.
 */

const KEY_TAKEN = Symbol("the idempotency key is taken");

export interface PostgresStoreOptions extends StoreOptions {
  timeouts?: Timeouts;
}

/** An error that says the connection itself is gone (closed by the server, reset), not a statement's. */
const isConnectionGone = (error: unknown): boolean =>
  error instanceof Error &&
  /Connection terminated|connection ended|ECONNRESET|EPIPE|Client has encountered a connection error/i.test(
    error.message,
  );

export class PostgresStore implements LeadStore {
  private readonly pool: Pool;
  readonly description: string;
  readonly rateLimiter: PostgresRateLimiter;
  private readonly leaseMs: number;
  private secretValue?: Promise<string>;

  constructor(
    connection: Connection,
    private readonly log: Logger = console,
    options: PostgresStoreOptions = {},
  ) {
    this.description = describeConnection(connection);
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pool = new Pool(poolConfig(connection, options.timeouts ?? REQUEST_TIMEOUTS));
    // A connection that breaks while idle (the server restarted) must not crash the process.
    this.pool.on("error", (error) => log.error(`consultation: ${this.description}: ${error.message}`));
    this.rateLimiter = new PostgresRateLimiter(
      (work) => this.transaction(work),
      (sql, values) => this.query(sql, values),
    );
  }

  /** Says what to do when the database was never migrated. */
  private explain(error: unknown): never {
    if (isMissingTable(error)) {
      throw new Error(
        `${this.description} has no ${TABLES.join(", ")} tables: run \`npm run db:migrate\` with this DATABASE_URL`,
        { cause: error },
      );
    }
    throw error;
  }

  /**
   * A connection of the pool for several statements. While it is out of the pool, a connection
   * that breaks between two statements (the server died) emits "error" with nobody listening,
   * which would end the process: listen until it is back.
   */
  private async transaction<T>(work: (client: PoolClient) => Promise<T>, retry = true): Promise<T> {
    const client = await this.pool.connect();
    const onError = (error: Error) => this.log.error(`consultation: ${this.description}: ${error.message}`);
    client.on("error", onError);
    try {
      await client.query("BEGIN");
    } catch (error) {
      client.off("error", onError);
      client.release(true);
      // A pooled connection the server closed while it was idle (the server restarted) fails its
      // first statement: nothing ran on it, so begin once more on a fresh connection.
      if (retry && isConnectionGone(error)) return this.transaction(work, false);
      return this.explain(error);
    }
    return this.within(client, onError, work);
  }

  /** Runs `work` in the transaction begun on `client`, then commits, or rolls back on failure. */
  private async within<T>(
    client: PoolClient,
    onError: (error: Error) => void,
    work: (client: PoolClient) => Promise<T>,
  ): Promise<T> {
    let healthy = true;
    try {
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      // A connection that cannot even roll back is dead: do not give it back to the pool.
      await client.query("ROLLBACK").catch(() => (healthy = false));
      return error === KEY_TAKEN ? Promise.reject(error) : this.explain(error);
    } finally {
      client.off("error", onError);
      client.release(!healthy);
    }
  }

  private async query<R extends object>(sql: string, values: unknown[] = []): Promise<R[]> {
    try {
      return (await this.pool.query<R>(sql, values)).rows;
    } catch (error) {
      return this.explain(error);
    }
  }

  secret(): Promise<string> {
    this.secretValue ??= this.query<{ value: string }>(
      "SELECT value FROM consultation_settings WHERE name = 'form_secret'",
    )
      .then((rows) => {
        if (!rows.length)
          throw new Error(`${this.description} has no form secret: run \`npm run db:migrate\``);
        return rows[0].value;
      })
      .catch((error) => {
        this.secretValue = undefined;
        throw error;
      });
    return this.secretValue;
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
    const claimed = this.transaction(async (db) => {
      await db.query(INSERT_REQUEST, insertValues(record));
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
    await this.transaction(async (db) => {
      await db.query(UPDATE_REQUEST, updateValues(record));
      if (record.status === "refused") {
        await db.query("DELETE FROM consultation_idempotency_keys WHERE request_id = $1", [record.id]);
      }
    });
  }

  async get(id: string): Promise<OutboxRecord | undefined> {
    const rows = await this.query<RequestRow>("SELECT * FROM consultation_requests WHERE id = $1", [id]);
    return rows.length ? toRecord(rows[0]) : undefined;
  }

  async pendingDelivery(staleBefore: number): Promise<OutboxRecord[]> {
    const rows = await this.query<RequestRow>(
      `SELECT * FROM consultation_requests
       WHERE status = 'failed' OR (status = 'pending' AND updated_at < $1)
       ORDER BY received_at`,
      [new Date(staleBefore)],
    );
    return rows.map(toRecord);
  }

  backlog(stuckBefore: number): Promise<Backlog> {
    return readBacklog((sql, values) => this.query(sql, values), stuckBefore);
  }

  incident(): Promise<Incident | undefined> {
    return readIncident((sql, values) => this.query(sql, values));
  }

  setIncident(incident: Incident | undefined): Promise<void> {
    return writeIncident((sql, values) => this.query(sql, values), incident);
  }

  async prune(cutoffs: PruneCutoffs): Promise<PruneReport> {
    const rows = await this.query<{ status: string }>(
      `DELETE FROM consultation_requests
       WHERE (status IN ('spam', 'refused') AND updated_at < $1)
          OR (status NOT IN ('spam', 'refused') AND updated_at < $2)
       RETURNING status`,
      [new Date(cutoffs.spamBefore), new Date(cutoffs.enquiriesBefore)],
    );
    await this.query("DELETE FROM consultation_rate_hits WHERE at < $1", [new Date(cutoffs.hitsBefore)]);
    const spam = rows.filter((r) => r.status === "spam" || r.status === "refused").length;
    return { spam, enquiries: rows.length - spam };
  }

  exclusive<T>(task: () => Promise<T>): Promise<T> {
    return withAdvisoryLease(this.pool, this.description, this.leaseMs, this.log, task);
  }

  async close(): Promise<void> {
    if (!this.pool.ended && !this.pool.ending) await this.pool.end();
  }
}
