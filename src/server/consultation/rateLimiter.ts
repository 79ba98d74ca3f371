import type { RateLimit } from "./config";

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * A sliding-window limiter kept in memory: one list of request times per client address.
 * The limit is passed on every call, so a changed CONSULTATION_RATE_LIMIT applies at once.
 * Only allowed requests are counted. The number of tracked addresses is capped so a flood of
 * spoofed addresses cannot grow memory without bound (the oldest entries go first).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly maxKeys = 10_000) {}

  check(key: string, limit: RateLimit, now: number): RateDecision {
    const since = now - limit.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= limit.max) {
      this.hits.set(key, times);
      const retryAfterMs = times[times.length - limit.max] + limit.windowMs - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    times.push(now);
    // Re-insert so the Map's order is least-recently-used first.
    this.hits.delete(key);
    this.hits.set(key, times);
    while (this.hits.size > this.maxKeys) {
      const oldest = this.hits.keys().next().value as string;
      this.hits.delete(oldest);
    }
    return { allowed: true };
  }

  /** Gives back the request counted at `at` (a replay turned out not to need it). */
  refund(key: string, at: number): void {
    const times = this.hits.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (index !== -1) times!.splice(index, 1);
  }

  clear(): void {
    this.hits.clear();
  }
}
