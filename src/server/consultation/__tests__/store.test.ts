/** @jest-environment node */
import { spawn } from "node:child_process";
import path from "node:path";
import { readConfig } from "../config";
import { FileStore } from "../file/fileStore";
import { handleConsultation, type Deps } from "../handler";
import { connection, MAINTENANCE_TIMEOUTS } from "../postgres/connection";
import { PostgresStore } from "../postgres/postgresStore";
import type { OutboxRecord } from "../record";
import { retentionCutoffs } from "../retention";
import type { LeadStore } from "../store";
import { fakeRequest, tempOutbox, TEST_ENV, validRequest } from "../../../../test/consultation";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";

/**
 * The lead store's behaviour, the same tests against both stores: the NDJSON outbox file and a
 * real PostgreSQL server (a throwaway cluster, test/harness/postgres.ts). `another()` is a second
 * function instance on the same store: for the file store that is the same process (one
 * process per outbox file is the file store's contract), for PostgreSQL a separate store with
 * its own connection pool.
 */

const root = path.resolve(__dirname, "../../../..");
const quiet = { warn: () => undefined, error: () => undefined };
const DAY = 24 * 3600_000;

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());

interface Kit {
  /** The environment the endpoint and the commands would have for this store. */
  env: Record<string, string>;
  store: LeadStore;
  another(): LeadStore;
  cleanup(): Promise<void>;
}

const kits: Record<"file" | "postgres", () => Promise<Kit>> = {
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
  async postgres() {
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

let counter = 0;
function lead(overrides: Partial<OutboxRecord> = {}, at = Date.now()): OutboxRecord {
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

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let kit: Kit;
  let store: LeadStore;
  beforeEach(async () => {
    kit = await kits[kind]();
    store = kit.store;
  });
  afterEach(() => kit.cleanup());

  test("a saved request reads back whole; a later state replaces it", async () => {
    const record = lead({ spamReason: undefined });
    expect(await store.create(record, Date.now())).toEqual({ kind: "created" });
    expect(await store.get(record.id)).toEqual(record);
    const delivered: OutboxRecord = {
      ...record,
      status: "delivered",
      updatedAt: new Date().toISOString(),
      delivery: { webhook: { status: "delivered", at: new Date().toISOString(), attempts: 1 } },
    };
    await store.update(delivered);
    expect(await store.get(record.id)).toEqual(delivered);
    expect(await store.get("00000000-0000-4000-8000-999999999999")).toBeUndefined();
  });

  test("requests and idempotency keys outlive the instance that saved them", async () => {
    const record = lead();
    await store.create(record, Date.now());
    await store.close();
    const next = kind === "file" ? new FileStore((store as FileStore).file, quiet) : kit.another();
    expect(await next.get(record.id)).toEqual(record);
    expect(await next.lookupKey(record.idempotencyKey, record.fingerprint, Date.now())).toEqual({
      kind: "replay",
      id: record.id,
    });
  });

  test("idempotency: a key is new, then replays for the same content, conflicts for other content, and expires after a day", async () => {
    const now = Date.now();
    const record = lead({}, now);
    const { idempotencyKey: key, fingerprint } = record;
    expect(await store.lookupKey(key, fingerprint, now)).toEqual({ kind: "new" });
    await store.create(record, now);
    expect(await store.lookupKey(key, fingerprint, now + 1000)).toEqual({ kind: "replay", id: record.id });
    expect(await store.lookupKey(key, "other content", now + 1000)).toEqual({ kind: "conflict" });
    expect(await store.create(lead({ idempotencyKey: key }, now), now)).toEqual({ kind: "conflict" });
    const later = now + DAY + 1000;
    expect(await store.lookupKey(key, fingerprint, later)).toEqual({ kind: "new" });
    expect(await store.create(lead({ idempotencyKey: key, fingerprint }, later), later)).toEqual({
      kind: "created",
    });
  });

  test("requests racing with one key, on two instances: one is saved, the others replay it", async () => {
    const now = Date.now();
    const twins = Array.from({ length: 6 }, () =>
      lead({ idempotencyKey: "race-race-race-race-1", fingerprint: "same" }, now),
    );
    const results = await Promise.all(twins.map((r, i) => (i % 2 ? kit.another() : store).create(r, now)));
    const created = results.filter((r) => r.kind === "created");
    expect(created).toHaveLength(1);
    const winner = twins[results.findIndex((r) => r.kind === "created")];
    expect(results.filter((r) => r.kind === "replay")).toEqual(
      Array(5).fill({ kind: "replay", id: winner.id }),
    );
    for (const loser of twins.filter((t) => t !== winner)) expect(await store.get(loser.id)).toBeUndefined();
  });

  test("a refused request frees its key for the visitor's retry", async () => {
    const now = Date.now();
    const record = lead({}, now);
    await store.create(record, now);
    await store.update({ ...record, status: "refused", reason: "no channel delivered it" });
    expect(await store.lookupKey(record.idempotencyKey, record.fingerprint, now)).toEqual({ kind: "new" });
    const retry = lead({ idempotencyKey: record.idempotencyKey, fingerprint: record.fingerprint }, now);
    expect(await store.create(retry, now)).toEqual({ kind: "created" });
  });

  test("what is due for a re-send: failed requests and pending ones interrupted over 15 minutes ago, by their latest state", async () => {
    const now = Date.now();
    const failed = lead({ status: "failed" }, now - 1000);
    const stale = lead({}, now - 20 * 60_000);
    const fresh = lead({}, now - 60_000);
    const fixed = lead({ status: "failed" }, now - 1000);
    for (const r of [failed, stale, fresh, fixed]) await store.create(r, now);
    await store.create(lead({ status: "spam" }, now - 20 * 60_000), now);
    await store.update({ ...fixed, status: "delivered" });
    const due = await store.pendingDelivery(now - 15 * 60_000);
    expect(due.map((r) => r.id).sort()).toEqual([failed.id, stale.id].sort());
  });

  test("prune: spam after 30 days, enquiries 24 months after the last update; the rest stays", async () => {
    const now = Date.now();
    const oldSpam = lead({ status: "spam" }, now - 31 * DAY);
    const newSpam = lead({ status: "spam" }, now - 29 * DAY);
    const oldRefused = lead({ status: "refused" }, now - 31 * DAY);
    const oldLead = lead({ status: "delivered" }, now - 731 * DAY);
    const newLead = lead({ status: "stored" }, now - 700 * DAY);
    const touched = lead({ status: "failed" }, now - 800 * DAY);
    for (const r of [oldSpam, newSpam, oldRefused, oldLead, newLead, touched]) await store.create(r, now);
    await store.update({
      ...touched,
      status: "delivered",
      updatedAt: new Date(now - 10 * DAY).toISOString(),
    });

    const report = await store.exclusive(() =>
      store.prune(retentionCutoffs(now, { max: 5, windowMs: 600_000 })),
    );
    expect(report).toEqual({ spam: 2, enquiries: 1 });
    for (const gone of [oldSpam, oldRefused, oldLead]) expect(await store.get(gone.id)).toBeUndefined();
    for (const kept of [newSpam, newLead, touched]) expect(await store.get(kept.id)).toBeDefined();
  });

  test("prune while requests keep arriving loses none of them", async () => {
    const now = Date.now();
    for (let i = 0; i < 50; i++) await store.create(lead({ status: "spam" }, now - 40 * DAY), now);
    const arriving = Array.from({ length: 100 }, () => lead({}, now));
    const endpoint = kit.another();
    const saving = (async () => {
      for (const r of arriving) await endpoint.create(r, now);
    })();
    const cutoffs = retentionCutoffs(now, { max: 5, windowMs: 600_000 });
    const pruned = (async () => {
      const reports = [];
      for (let i = 0; i < 5; i++) reports.push(await store.exclusive(() => store.prune(cutoffs)));
      return reports;
    })();
    const [, reports] = await Promise.all([saving, pruned]);
    expect(reports.reduce((sum, r) => sum + r.spam, 0)).toBe(50);
    const missing = [];
    for (const r of arriving) if (!(await store.get(r.id))) missing.push(r.id);
    expect(missing).toEqual([]);
  }, 30_000);

  test("the maintenance lock: one holder at a time, released after the task, even a failed one", async () => {
    const other = kind === "file" ? new FileStore((store as FileStore).file, quiet) : kit.another();
    await store.exclusive(async () => {
      await expect(other.exclusive(async () => "ran")).rejects.toThrow(/another re-send or prune is running/);
    });
    await expect(store.exclusive(async () => Promise.reject(new Error("delivery crashed")))).rejects.toThrow(
      "delivery crashed",
    );
    await expect(other.exclusive(async () => "ran")).resolves.toBe("ran");
  });

  test("the lock of a live re-send is never taken; the lock of one that was killed is", async () => {
    // A real second process holds the lock (as `npm run consultation:resend` would, mid-run).
    const leaseMs = 3_000;
    const holder = spawn(process.execPath, ["--import", "tsx", "test/harness/holdLeadLock.ts"], {
      cwd: root,
      env: {
        ...process.env,
        ...kit.env,
        DATABASE_URL: kit.env.DATABASE_URL ?? "",
        HOLD_LEASE_MS: String(leaseMs),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const contender =
      kind === "file"
        ? new FileStore((store as FileStore).file, quiet, { leaseMs })
        : new PostgresStore(connection(kit.env.DATABASE_URL, {}), quiet, { leaseMs });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
        holder.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
      });
      // Alive and renewing: never taken, even after more than a lease.
      await new Promise((resolve) => setTimeout(resolve, 1.5 * leaseMs));
      await expect(contender.exclusive(async () => "ran")).rejects.toThrow(
        /another re-send or prune is running/,
      );
      const exited = new Promise((resolve) => holder.once("exit", resolve));
      holder.kill("SIGKILL");
      await exited;
      // PostgreSQL frees the lock as soon as the server has seen the connection close; the file's
      // lease runs out a lease after its last renewal.
      const deadline = Date.now() + 5 * leaseMs;
      let outcome: unknown;
      do {
        outcome = await contender.exclusive(async () => "ran").catch((error: Error) => error);
        if (outcome === "ran") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } while (Date.now() < deadline);
      expect(outcome).toBe("ran");
    } finally {
      holder.kill("SIGKILL");
      await contender.close();
    }
  }, 40_000);

  test("the lock of a re-send that stopped renewing it (frozen, or its machine gone) is taken once its lease runs out", async () => {
    const leaseMs = 3_000;
    const holder = spawn(process.execPath, ["--import", "tsx", "test/harness/holdLeadLock.ts"], {
      cwd: root,
      env: {
        ...process.env,
        ...kit.env,
        DATABASE_URL: kit.env.DATABASE_URL ?? "",
        HOLD_LEASE_MS: String(leaseMs),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    // The same store kind with the same short lease (the default is a minute).
    const contender =
      kind === "file"
        ? new FileStore((store as FileStore).file, quiet, { leaseMs })
        : new PostgresStore(connection(kit.env.DATABASE_URL, {}), quiet, { leaseMs });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
        holder.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
      });
      // Alive but stopped: it no longer renews its lease, as a frozen or cut-off machine would not.
      holder.kill("SIGSTOP");
      await expect(contender.exclusive(async () => "ran")).rejects.toThrow(
        /another re-send or prune is running/,
      );
      const deadline = Date.now() + 6 * leaseMs;
      let outcome: unknown;
      do {
        await new Promise((resolve) => setTimeout(resolve, 250));
        outcome = await contender.exclusive(async () => "ran").catch((error: Error) => error);
      } while (outcome !== "ran" && Date.now() < deadline);
      expect(outcome).toBe("ran");
    } finally {
      holder.kill("SIGKILL");
      await contender.close();
    }
  }, 60_000);

  describe("behind the endpoint", () => {
    const deps = (s: LeadStore, env: Record<string, string> = {}): Deps => ({
      config: readConfig({ ...TEST_ENV, ...kit.env, CONSULTATION_RATE_LIMIT: "2/600", ...env }),
      store: s,
      now: Date.now,
      log: quiet,
    });
    const post = async (s: LeadStore, body: unknown, env?: Record<string, string>) =>
      handleConsultation(fakeRequest(body) as never, deps(s, env));

    test("201 saves the request; a replay answers the same id, saves nothing and uses no quota; other content with the key is 400", async () => {
      const body = validRequest();
      const first = await post(store, body);
      expect(first.status).toBe(201);
      const { id } = first.body as { id: string };
      expect(await store.get(id)).toMatchObject({ status: "stored", fields: { email: body.email } });
      for (let i = 0; i < 3; i++) {
        const again = await post(kit.another(), body);
        expect(again).toMatchObject({
          status: 201,
          body: { id },
          headers: { "Idempotent-Replayed": "true" },
        });
      }
      expect(
        (await post(store, { ...body, details: "A different project entirely, long enough." })).status,
      ).toBe(400);
      // The 400 is charged to the allowance for invalid requests, not to this one (2 per window).
      expect((await post(kit.another(), validRequest())).status).toBe(201);
      expect((await post(kit.another(), validRequest())).status).toBe(429);
    });

    test("spam is answered 201, kept as spam and never delivered", async () => {
      const reply = await post(store, validRequest({ website: "https://cheap-seo.example" }), {
        CONSULTATION_WEBHOOK_URL: "http://127.0.0.1:9/never",
      });
      expect(reply.status).toBe(201);
      expect(await store.get((reply.body as { id: string }).id)).toMatchObject({
        status: "spam",
        spamReason: "honeypot",
        delivery: {},
      });
    });

    test("a channel that is down leaves the request failed, with the reason, for the re-send", async () => {
      const reply = await post(store, validRequest(), {
        CONSULTATION_WEBHOOK_URL: "http://127.0.0.1:9/down",
      });
      expect(reply.status).toBe(201);
      const saved = await store.get((reply.body as { id: string }).id);
      expect(saved).toMatchObject({
        status: "failed",
        delivery: { webhook: { status: "failed", attempts: 1 } },
      });
      expect(saved!.reason).toMatch(/^webhook: /);
      expect((await store.pendingDelivery(Date.now())).map((r) => r.id)).toEqual([saved!.id]);
    });
  });
});
