import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { IdempotencyStore, IDEMPOTENCY_TTL_MS } from "../idempotency";
import { MemoryRateLimiter } from "../rateLimit";
import { waitingForChannel, type OutboxRecord } from "../record";
import {
  BACKLOG_IDS,
  DEFAULT_LEASE_MS,
  StoreFullError,
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
import { withLease } from "./lease";
import { appendRecord } from "./outboxAppend";
import { scanOutbox } from "./outboxLines";
import { rewriteOutbox } from "./outboxRewrite";

const isSpam = (status: OutboxRecord["status"]) => status === "spam" || status === "refused";

/** New requests are kept while the outbox is under this share of its limit; the rest is for their updates. */
const NEW_REQUESTS_SHARE = 0.9;
/** Spam is kept (for review, never delivered) only while the outbox is under this share. */
const SPAM_SHARE = 0.5;

/**
 * The embedded lead store: the NDJSON outbox file (outboxLines.ts) on this machine's disk, at most
 * `maxBytes` (CONSULTATION_OUTBOX_MAX_BYTES). Rate-limit counts and idempotency keys live in this
 * process's memory (both capped); the keys are read back from the outbox after a restart. One
 * server process per outbox file.
 */
export class FileStore implements LeadStore {
  readonly rateLimiter = new MemoryRateLimiter();
  private readonly keys = new IdempotencyStore();
  private hydrated?: Promise<void>;
  private secretValue?: Promise<string>;
  private readonly leaseMs: number;
  private readonly maxBytes: number;

  constructor(
    readonly file: string,
    private readonly log: Logger = console,
    options: StoreOptions & { maxBytes?: number } = {},
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.maxBytes = options.maxBytes ?? Infinity;
  }

  get description(): string {
    return `the outbox ${this.file}`;
  }

  /** A random secret in a file beside the outbox, readable by its owner only, made on first use. */
  secret(): Promise<string> {
    this.secretValue ??= (async () => {
      const file = path.join(path.dirname(this.file), "consultation-secret");
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.promises.writeFile(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const value = (await fs.promises.readFile(file, "utf8")).trim();
      if (value.length < 32) throw new Error(`${file} does not hold a usable secret`);
      return value;
    })().catch((error) => {
      this.secretValue = undefined;
      throw error;
    });
    return this.secretValue;
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
    const spam = isSpam(record.status);
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
      const limit = this.maxBytes * (spam ? SPAM_SHARE : NEW_REQUESTS_SHARE);
      const result = appendRecord(this.file, record, limit).then(() => id);
      this.keys.reserve(key, { fingerprint, at: now, id, result });
      try {
        await result;
      } catch (error) {
        this.keys.release(key, id);
        if (spam && error instanceof StoreFullError) return { kind: "not-kept" };
        throw error;
      }
      return { kind: "created" };
    }
  }

  async update(record: OutboxRecord): Promise<void> {
    // Freed first: even if the line cannot be written, a retry must not be taken for a replay.
    if (record.status === "refused") this.keys.release(record.idempotencyKey, record.id);
    await appendRecord(this.file, record, this.maxBytes);
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

  async backlog(stuckBefore: number): Promise<Backlog> {
    const waiting = new Map<string, number>();
    await scanOutbox(
      this.file,
      (r) => {
        // By its latest line: a lead appears again when its state changes.
        if (waitingForChannel(r)) waiting.set(r.id, Date.parse(r.receivedAt));
        else waiting.delete(r.id);
      },
      this.log,
    );
    const oldestFirst = [...waiting].sort(([, a], [, b]) => a - b);
    const stuck = oldestFirst.filter(([, at]) => at < stuckBefore);
    return {
      waiting: waiting.size,
      stuck: stuck.length,
      oldestWaiting: oldestFirst.length ? new Date(oldestFirst[0][1]).toISOString() : undefined,
      stuckIds: stuck.slice(0, BACKLOG_IDS).map(([id]) => id),
    };
  }

  /** Beside the outbox, as its lock is; written whole (a new file renamed over the old one). */
  private get incidentFile(): string {
    return `${this.file}.incident.json`;
  }

  async incident(): Promise<Incident | undefined> {
    try {
      return JSON.parse(await fs.promises.readFile(this.incidentFile, "utf8")) as Incident;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  }

  async setIncident(incident: Incident | undefined): Promise<void> {
    if (!incident) return fs.promises.rm(this.incidentFile, { force: true });
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const next = `${this.incidentFile}.${process.pid}`;
    await fs.promises.writeFile(next, JSON.stringify(incident), { mode: 0o600 });
    await fs.promises.rename(next, this.incidentFile);
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
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    return withLease(`${this.file}.resend.lock`, "another re-send or prune", this.leaseMs, this.log, task);
  }

  async close(): Promise<void> {}
}
