import type { PoolClient } from "pg";
import { retryAfter, type RateKey, type RateLimiter, type RateTake } from "../rateLimit";

type Transaction = <T>(work: (db: PoolClient) => Promise<T>) => Promise<T>;
type Query = (sql: string, values: unknown[]) => Promise<unknown>;

/**
 * The rate limit in PostgreSQL: one row per counted request and key, so every instance of the
 * function counts together. A client's keys are counted one request at a time (transaction-level
 * advisory locks, taken in a fixed order so two requests cannot deadlock); rows older than the
 * window are deleted as each key is counted, and the prune deletes the rest.
 */
export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly transaction: Transaction,
    private readonly query: Query,
  ) {}

  async take(keys: readonly RateKey[], windowMs: number, now: number): Promise<RateTake> {
    const since = new Date(now - windowMs);
    const ordered = [...keys].sort((a, b) => a.key.localeCompare(b.key));
    const result = await this.transaction(async (db) => {
      for (const { key } of ordered) {
        await db.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`consultation:${key}`]);
      }
      let wait = 0;
      for (const { key, max } of ordered) {
        await db.query("DELETE FROM consultation_rate_hits WHERE client = $1 AND at <= $2", [key, since]);
        // The max-th most recent request in the window: while it is there, the client must wait.
        const { rows } = await db.query<{ at: Date }>(
          "SELECT at FROM consultation_rate_hits WHERE client = $1 ORDER BY at DESC OFFSET $2 LIMIT 1",
          [key, max - 1],
        );
        if (rows.length) wait = Math.max(wait, retryAfter(rows[0].at.getTime(), windowMs, now));
      }
      if (wait) return { allowed: false as const, retryAfterSeconds: wait };
      const inserted = await db.query<{ id: string }>(
        "INSERT INTO consultation_rate_hits (client, at) SELECT unnest($1::text[]), $2 RETURNING id",
        [ordered.map((k) => k.key), new Date(now)],
      );
      return { allowed: true as const, hits: inserted.rows.map((r) => r.id) };
    });
    if (!result.allowed) return result;
    return {
      allowed: true,
      refund: async () => {
        await this.query("DELETE FROM consultation_rate_hits WHERE id = ANY($1::bigint[])", [result.hits]);
      },
    };
  }
}
