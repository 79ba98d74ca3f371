/** @jest-environment node */
import { connection, MAINTENANCE_TIMEOUTS } from "../postgres/connection";
import { PostgresStore } from "../postgres/postgresStore";
import { MemoryRateLimiter, type RateKey, type RateLimiter } from "../rateLimit";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";

/**
 * The rate limit's one contract, the same tests against both limiters: this process's memory and
 * PostgreSQL. `another()` is a second function instance: for memory the same limiter (one
 * process), for PostgreSQL a store with a connection pool of its own.
 */

const quiet = { warn: () => undefined, error: () => undefined };
let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());

interface Kit {
  limiter: RateLimiter;
  another(): RateLimiter;
  cleanup(): Promise<void>;
}

const kits: Record<"memory" | "postgres", () => Promise<Kit>> = {
  async memory() {
    const limiter = new MemoryRateLimiter();
    return { limiter, another: () => limiter, cleanup: async () => undefined };
  },
  async postgres() {
    const url = await pg.createDatabase();
    const stores: PostgresStore[] = [];
    const open = () => {
      // Counting is what is tested here, not the request's timeouts: 40 racing requests queue
      // for one client's lock, longer than a request's lock timeout on a loaded machine.
      const store = new PostgresStore(connection(url, {}), quiet, { timeouts: MAINTENANCE_TIMEOUTS });
      stores.push(store);
      return store.rateLimiter;
    };
    return {
      limiter: open(),
      another: open,
      cleanup: async () => void (await Promise.all(stores.map((s) => s.close()))),
    };
  },
};

const one = (key: string, max: number): RateKey[] => [{ key, max }];

describe.each(["memory", "postgres"] as const)("the %s rate limit", (kind) => {
  let kit: Kit;
  beforeEach(async () => {
    kit = await kits[kind]();
  });
  afterEach(() => kit.cleanup());

  test("one count across instances; the next one waits; the window slides; a refund gives one back", async () => {
    const t0 = Date.now();
    const takes = [];
    for (let i = 0; i < 3; i++)
      takes.push(
        await (i % 2 ? kit.another() : kit.limiter).take(one("192.0.2.1", 3), 60_000, t0 + i * 1000),
      );
    expect(takes.every((t) => t.allowed)).toBe(true);
    expect(await kit.another().take(one("192.0.2.1", 3), 60_000, t0 + 10_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 50,
    });
    expect((await kit.limiter.take(one("192.0.2.2", 3), 60_000, t0 + 10_000)).allowed).toBe(true);
    const first = takes[0];
    if (first.allowed) await first.refund();
    expect((await kit.limiter.take(one("192.0.2.1", 3), 60_000, t0 + 11_000)).allowed).toBe(true);
    expect((await kit.limiter.take(one("192.0.2.1", 3), 60_000, t0 + 12_000)).allowed).toBe(false);
    expect((await kit.limiter.take(one("192.0.2.1", 3), 60_000, t0 + 61_001)).allowed).toBe(true);
  });

  test("concurrent requests from one address never pass the limit together", async () => {
    const now = Date.now();
    const instances = [kit.limiter, kit.another(), kit.another(), kit.another()];
    const takes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => instances[i % 4].take(one("198.51.100.7", 4), 60_000, now)),
    );
    expect(takes.filter((t) => t.allowed)).toHaveLength(4);
  });

  test("several keys: a request passes only within every key's allowance, and counts in all of them", async () => {
    const now = Date.now();
    const subnet = (n: number): RateKey[] => [
      { key: `2001:db8:1:${n}::/64`, max: 2 },
      { key: "2001:db8:1::/48", max: 5 },
    ];
    const statuses = [];
    for (let n = 1; n <= 4; n++) {
      for (let i = 0; i < 2; i++) statuses.push((await kit.limiter.take(subnet(n), 60_000, now)).allowed);
    }
    // Two per /64, but five for the whole /48.
    expect(statuses).toEqual([true, true, true, true, true, false, false, false]);
    expect((await kit.limiter.take(one("2001:db8:1:1::/64", 2), 60_000, now)).allowed).toBe(false);
  });
});

test("the memory limiter keeps at most its cap of keys, dropping the least recently used", async () => {
  const limiter = new MemoryRateLimiter(100);
  for (let i = 0; i < 1_000; i++) await limiter.take(one(`203.0.113.${i}`, 1), 60_000, 1_000);
  expect(limiter.size).toBe(100);
});
