import type { OutboxRecord } from "./outbox";

/** How long a key is remembered. A visitor's retry comes within minutes; a day is generous. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotencyEntry {
  fingerprint: string;
  at: number;
  /** Resolves to the request's id once it is safely in the outbox (rejects if saving failed). */
  result: Promise<string>;
}

export type IdempotencyLookup =
  { kind: "new" } | { kind: "replay"; entry: IdempotencyEntry } | { kind: "conflict" };

/**
 * Remembers which idempotency keys have been accepted, so a retry (same key, same content) gets
 * the first answer again instead of creating a second lead. A key reused for *different* content
 * is a conflict. Reservation is synchronous, so two concurrent requests with one key cannot both
 * pass. After a restart the store is filled again from the outbox (see `hydrate`).
 */
export class IdempotencyStore {
  private readonly entries = new Map<string, IdempotencyEntry>();
  hydrated = false;

  constructor(private readonly ttlMs = IDEMPOTENCY_TTL_MS) {}

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

  reserve(key: string, fingerprint: string, now: number, result: Promise<string>): void {
    // Nobody waits on a failed save's promise but the request that made it; keep it quiet.
    result.catch(() => undefined);
    this.entries.set(key, { fingerprint, at: now, result });
  }

  release(key: string): void {
    this.entries.delete(key);
  }

  /** Loads the keys of recent requests from the outbox (once per process). */
  hydrate(records: Iterable<OutboxRecord>, now: number): void {
    const recent = [...records]
      .map((r) => ({ r, at: Date.parse(r.receivedAt) }))
      .filter(({ r, at }) => r.idempotencyKey && at > now - this.ttlMs)
      .sort((a, b) => a.at - b.at);
    for (const { r, at } of recent) {
      if (!this.entries.has(r.idempotencyKey)) {
        this.entries.set(r.idempotencyKey, { fingerprint: r.fingerprint, at, result: Promise.resolve(r.id) });
      }
    }
    this.hydrated = true;
  }

  clear(): void {
    this.entries.clear();
    this.hydrated = false;
  }
}
