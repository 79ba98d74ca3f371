import { FileStore } from "../file/fileStore";
import { connection, MAINTENANCE_TIMEOUTS } from "../postgres/connection";
import { PostgresStore } from "../postgres/postgresStore";
import type { OutboxRecord } from "../record";
import type { LeadStore } from "../store";
import { tempOutbox, validRequest } from "../../../../test/consultation";
import { lockTaken, spawnLockHolder } from "../../../../test/harness/lockHolder";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";

/**
 * What the lead store's tests (store.*.test.ts) share: the same tests run against both stores, the
 * NDJSON outbox file and a real PostgreSQL server (a throwaway cluster, test/harness/postgres.ts),
 * each test with a store of its own. Not a test file (jest.config.js runs *.test.ts(x) only).
 */

export const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
export const DAY = 24 * 3600_000;

/** Both stores, for `describe.each(STORE_KINDS)("the %s store", ...)`. */
export const STORE_KINDS = ["file", "postgres"] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

export interface Kit {
  /** The environment the endpoint and the commands would have for this store. */
  readonly env: Record<string, string>;
  readonly store: LeadStore;
  /**
   * A second function instance on the same store: for the file store that is the same process
   * (one process per outbox file is the file store's contract), for PostgreSQL a separate store
   * with its own connection pool.
   */
  another(): LeadStore;
  /** A new instance on the same store, as a restarted process or another command opens it. */
  reopened(): LeadStore;
  /**
   * A new instance on the same store whose maintenance lock is a lease of `leaseMs` (the default
   * is a minute), with the request timeouts; the caller closes it.
   */
  leased(leaseMs: number): LeadStore;
}

type OpenKit = Omit<Kit, "reopened" | "leased"> & { cleanup(): Promise<void> };

const kits: Record<StoreKind, (pg: PostgresServer) => Promise<OpenKit>> = {
  async file() {
    const outbox = tempOutbox();
    const store = new FileStore(outbox.file, quiet);
    return {
      env: { CONSULTATION_OUTBOX: outbox.file },
      store,
      another: () => store,
      cleanup: async () => outbox.cleanup(),
    };
  },
  async postgres(pg) {
    const url = await pg.createDatabase();
    const opened: LeadStore[] = [];
    const open = () => {
      // The store's behaviour is what is tested here; its request timeouts are faults.test.ts's
      // (racing requests on a loaded machine wait on each other longer than a request would).
      const store = new PostgresStore(connection(url, {}), quiet, { timeouts: MAINTENANCE_TIMEOUTS });
      opened.push(store);
      return store;
    };
    return {
      env: { DATABASE_URL: url },
      store: open(),
      another: open,
      cleanup: async () => {
        await Promise.all(opened.map((s) => s.close()));
      },
    };
  },
};

/**
 * Installs, for the calling `describe` block, a new store of `kind` before each test, closed and
 * deleted after it (for PostgreSQL, a database of its own on a cluster the block starts once).
 * The kit it returns is the running test's.
 */
export function setUpStore(kind: StoreKind): Kit {
  let pg: PostgresServer;
  if (kind === "postgres") {
    beforeAll(async () => {
      pg = await startPostgres();
    }, 60_000);
    afterAll(() => pg?.stop());
  }
  let kit: OpenKit;
  beforeEach(async () => {
    kit = await kits[kind](pg);
  });
  afterEach(() => kit.cleanup());

  return {
    get env() {
      return kit.env;
    },
    get store() {
      return kit.store;
    },
    another: () => kit.another(),
    reopened: () => (kind === "file" ? new FileStore((kit.store as FileStore).file, quiet) : kit.another()),
    leased: (leaseMs) =>
      kind === "file"
        ? new FileStore((kit.store as FileStore).file, quiet, { leaseMs })
        : new PostgresStore(connection(kit.env.DATABASE_URL, {}), quiet, { leaseMs }),
  };
}

let counter = 0;
/** A request as the store keeps it, with an id and a fingerprint of its own, saved `at`. */
export function lead(overrides: Partial<OutboxRecord> = {}, at = Date.now()): OutboxRecord {
  const { idempotencyKey, context, website: _w, formToken: _t, ...fields } = validRequest();
  const iso = new Date(at).toISOString();
  return {
    id: `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
    receivedAt: iso,
    updatedAt: iso,
    status: "pending",
    idempotencyKey,
    fingerprint: `fingerprint-${counter}`,
    fields: fields as OutboxRecord["fields"],
    context,
    delivery: {},
    ...overrides,
  };
}

/**
 * A re-send in another process holding the maintenance lock with a short lease (`spawnLockHolder`),
 * and a contender for it in this one, once the holder has it. `freedWithin` tries the contender
 * every `stepMs` until it gets the lock or `ms` have passed and gives its last outcome ("ran" once
 * it got it); `end` stops both.
 */
export async function lockContest(kit: Kit, leaseMs: number) {
  const holder = spawnLockHolder(kit.env, leaseMs);
  const contender = kit.leased(leaseMs);
  const end = async () => {
    holder.kill("SIGKILL");
    await contender.close();
  };
  await lockTaken(holder).catch(async (error: unknown) => {
    await end();
    throw error;
  });
  const attempt = () => contender.exclusive(async () => "ran").catch((error: Error) => error);
  const freedWithin = async (ms: number, stepMs: number): Promise<unknown> => {
    const deadline = Date.now() + ms;
    let outcome = await attempt();
    while (outcome !== "ran" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, stepMs));
      outcome = await attempt();
    }
    return outcome;
  };
  return { holder, contender, end, freedWithin };
}
