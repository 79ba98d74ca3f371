import type { OutboxRecord } from "./record";

/** How long a key is remembered. A visitor's retry comes within minutes; a day is generous. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyEntry {
  fingerprint: string;
  at: number;
  id: string;
  /** Resolves to the request's id once it is safely saved (rejects if saving failed). */
  result: Promise<string>;
}

export type IdempotencyLookup =
  { kind: "new" } | { kind: "replay"; entry: IdempotencyEntry } | { kind: "conflict" };

/**
 * The file store's memory of which idempotency keys have been accepted, so a retry (same key,
 * same content) gets the first answer again instead of creating a second lead. A key reused for
 * *different* content is a conflict. Reservation is synchronous, so two concurrent requests with
 * one key cannot both pass. After a restart it is filled again from the outbox (`hydrate`).
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, IdempotencyEntry>();

  /**
   * At most `maxEntries` keys (about 520 bytes each, measured: 50,000 keys are about 26 MB); past
   * that the oldest goes first, and a retry of it after that long would be taken for a new request.
   */
  constructor(
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
    private readonly maxEntries = 50_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  private cap() {
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.at > now - this.ttlMs) break; // insertion order is time order
      this.entries.delete(key);
    }
  }

  lookup(key: string, fingerprint: string, now: number): IdempotencyLookup {
    this.prune(now);
    const entry = this.entries.get(key);
    if (!entry) return { kind: "new" };
    return entry.fingerprint === fingerprint ? { kind: "replay", entry } : { kind: "conflict" };
  }

  reserve(key: string, entry: IdempotencyEntry): void {
    // Nobody waits on a failed save's promise but the request that made it; keep it quiet.
    entry.result.catch(() => undefined);
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.cap();
  }

  /** Frees the key if request `id` still holds it. */
  release(key: string, id: string): void {
    if (this.entries.get(key)?.id === id) this.entries.delete(key);
  }

  /** Remembers the keys of recent requests read back from the outbox (oldest first). */
  hydrate(records: Iterable<OutboxRecord>, now: number): void {
    const recent = [...records]
      .map((r) => ({ r, at: Date.parse(r.receivedAt) }))
      .filter(({ r, at }) => r.idempotencyKey && r.status !== "refused" && at > now - this.ttlMs)
      .sort((a, b) => a.at - b.at);
    for (const { r, at } of recent) {
      if (!this.entries.has(r.idempotencyKey)) {
        this.entries.set(r.idempotencyKey, {
          fingerprint: r.fingerprint,
          at,
          id: r.id,
          result: Promise.resolve(r.id),
        });
      }
    }
    this.cap();
  }
}
