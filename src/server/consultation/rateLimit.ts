import type { RateLimit } from "./config";

/**
 * The rate limit: one contract (this interface), two stores (`MemoryRateLimiter` here for one
 * server process, `PostgresRateLimiter` in postgres/rateLimit.ts for every instance sharing a
 * database), one behaviour suite (__tests__/rateLimit.test.ts runs against both).
 *
 * A request is counted against several keys at once (an IPv6 /64 and its /48), each with its own
 * allowance; it passes only if every key is within its allowance, and then counts in all of them.
 */

export interface RateKey {
  key: string;
  /** How many requests this key may make in the window. */
  max: number;
}

export type RateTake =
  | { allowed: true; /** Gives the request back (it was a replay). */ refund(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(keys: readonly RateKey[], windowMs: number, now: number): Promise<RateTake>;
}

/** An IPv6 /48 (one site's network) may send this many times what one /64 may. */
export const WIDER_NETWORK_FACTOR = 4;

/**
 * Invalid requests (400, 413, 415) have their own allowance, so a flood of them cannot use up the
 * quota of an address shared by many visitors (an office or a mobile carrier's NAT), while the
 * flood itself is still limited.
 */
export const invalidLimit = (limit: RateLimit): RateLimit => ({
  max: Math.max(limit.max * 20, 100),
  windowMs: limit.windowMs,
});

export const retryAfter = (oldest: number, windowMs: number, now: number): number =>
  Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));

/**
 * A sliding window kept in this process's memory: one list of request times per key. The number
 * of keys is capped so a flood of addresses cannot grow memory without bound; the least recently
 * used key goes first. A key holds at most its allowance of times, so its size depends on it
 * (heap measured at the default limit, docs/reliability.md): a lead key 260 to 340 bytes, a key of
 * invalid requests (100 times) about 1.5 KB, an IPv6 /48's (400) about 5.2 KB: 50,000 keys of
 * invalid requests take 72 MB (IPv4) to about 250 MB (every key a full /48).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly maxKeys = 50_000) {}

  get size(): number {
    return this.hits.size;
  }

  async take(keys: readonly RateKey[], windowMs: number, now: number): Promise<RateTake> {
    const since = now - windowMs;
    const current = keys.map(({ key, max }) => ({
      key,
      max,
      times: (this.hits.get(key) ?? []).filter((t) => t > since),
    }));
    const over = current.filter(({ max, times }) => times.length >= max);
    if (over.length) {
      for (const { key, times } of current) this.touch(key, times);
      const wait = Math.max(
        ...over.map(({ max, times }) => retryAfter(times[times.length - max], windowMs, now)),
      );
      return { allowed: false, retryAfterSeconds: wait };
    }
    for (const { key, times } of current) this.touch(key, [...times, now]);
    return {
      allowed: true,
      refund: async () => {
        for (const { key } of keys) {
          const times = this.hits.get(key);
          const index = times?.lastIndexOf(now) ?? -1;
          if (index !== -1) times!.splice(index, 1);
        }
      },
    };
  }

  /** Stores a key's times as its most recently used, dropping the least recently used over the cap. */
  private touch(key: string, times: number[]) {
    this.hits.delete(key);
    if (times.length) this.hits.set(key, times);
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value as string);
  }
}
