import fs from "node:fs";
import path from "node:path";
import type { RateLimit } from "./config";
import { acquireFileLock } from "./fileLock";
import { IdempotencyStore, IDEMPOTENCY_TTL_MS } from "./idempotency";
import { appendRecord, rewriteOutbox, scanOutbox, type Logger } from "./outbox";
import { RateLimiter } from "./rateLimiter";
import type { OutboxRecord } from "./record";
import type { CreateResult, KeyLookup, LeadStore, PruneCutoffs, PruneReport, RateTake } from "./store";

const isSpam = (status: OutboxRecord["status"]) => status === "spam" || status === "refused";

/**
 * The embedded lead store: the NDJSON outbox file (outbox.ts) on this machine's disk. Rate-limit
 * counts and idempotency keys live in this process's memory; the keys are read back from the
 * outbox after a restart. One server process per outbox file.
 */
export class FileStore implements LeadStore {
  private readonly limiter = new RateLimiter();
  private readonly keys = new IdempotencyStore();
  private hydrated?: Promise<void>;

  constructor(
    readonly file: string,
    private readonly log: Logger & Pick<Console, "warn"> = console,
  ) {}

  get description(): string {
    return `the outbox ${this.file}`;
  }

  async takeRate(client: string, limit: RateLimit, now: number): Promise<RateTake> {
    const decision = this.limiter.check(client, limit, now);
    if (!decision.allowed) return decision;
    return { allowed: true, refund: async () => this.limiter.refund(client, now) };
  }

  /** Reads the keys of the last day's requests back from the outbox, once per process. */
  private hydrate(now: number): Promise<void> {
    this.hydrated ??= (async () => {
      const recent = new Map<string, OutboxRecord>();
      try {
        await scanOutbox(
          this.file,
          (r) => {
            if (Date.parse(r.receivedAt) > now - IDEMPOTENCY_TTL_MS) recent.set(r.id, r);
          },
          this.log,
        );
      } catch (error) {
        this.log.warn(
          `consultation: could not read ${this.file} to restore idempotency keys: ${String(error)}`,
        );
      }
      this.keys.hydrate(recent.values(), now);
    })();
    return this.hydrated;
  }

  async lookupKey(key: string, fingerprint: string, now: number): Promise<KeyLookup> {
    await this.hydrate(now);
    for (;;) {
      const seen = this.keys.lookup(key, fingerprint, now);
      if (seen.kind !== "replay") return seen;
      try {
        return { kind: "replay", id: await seen.entry.result };
      } catch {
        // That save failed and freed the key; look again.
      }
    }
  }

  async create(record: OutboxRecord, now: number): Promise<CreateResult> {
    const { idempotencyKey: key, fingerprint, id } = record;
    await this.hydrate(now);
    for (;;) {
      const seen = this.keys.lookup(key, fingerprint, now);
      if (seen.kind === "conflict") return seen;
      if (seen.kind === "replay") {
        try {
          return { kind: "replay", id: await seen.entry.result };
        } catch {
          continue; // that save failed and freed the key
        }
      }
      // Reserved before the first await, so a concurrent request with this key sees a replay.
      const result = appendRecord(this.file, record).then(() => id);
      this.keys.reserve(key, { fingerprint, at: now, id, result });
      try {
        await result;
      } catch (error) {
        this.keys.release(key, id);
        throw error;
      }
      return { kind: "created" };
    }
  }

  async update(record: OutboxRecord): Promise<void> {
    // Freed first: even if the line cannot be written, a retry must not be taken for a replay.
    if (record.status === "refused") this.keys.release(record.idempotencyKey, record.id);
    await appendRecord(this.file, record);
  }

  async get(id: string): Promise<OutboxRecord | undefined> {
    let found: OutboxRecord | undefined;
    await scanOutbox(this.file, (r) => r.id === id && (found = r), this.log);
    return found;
  }

  async pendingDelivery(staleBefore: number): Promise<OutboxRecord[]> {
    // Only requests whose latest snapshot needs a delivery are held in memory.
    const due = new Map<string, OutboxRecord>();
    await scanOutbox(
      this.file,
      (r) => {
        const stale = r.status === "pending" && Date.parse(r.updatedAt) < staleBefore;
        if (r.status === "failed" || stale) due.set(r.id, r);
        else due.delete(r.id);
      },
      this.log,
    );
    return [...due.values()];
  }

  async prune(cutoffs: PruneCutoffs): Promise<PruneReport> {
    const { removed } = await rewriteOutbox(
      this.file,
      (r) => Date.parse(r.updatedAt) < (isSpam(r.status) ? cutoffs.spamBefore : cutoffs.enquiriesBefore),
      this.log,
    );
    const spam = removed.filter((r) => isSpam(r.status)).length;
    return { spam, enquiries: removed.length - spam };
  }

  async exclusive<T>(task: () => Promise<T>): Promise<T> {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const release = acquireFileLock(`${this.file}.resend.lock`, "another re-send or prune");
    try {
      return await task();
    } finally {
      release();
    }
  }

  async close(): Promise<void> {}
}
