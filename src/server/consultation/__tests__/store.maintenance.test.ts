/** @jest-environment node */
import { retentionCutoffs } from "../retention";
import { DAY, lead, lockContest, setUpStore, STORE_KINDS } from "./store.harness";

/**
 * What the re-send and the prune rely on, against both stores (store.test.ts describes the
 * setup): the requests due for a re-send, the backlog the alert and the health check count and
 * the incident the alert opens, the prune, and the maintenance lock that keeps two runs apart, a
 * lease that a live holder keeps and a dead or frozen one loses.
 */

describe.each(STORE_KINDS)("the %s store", (kind) => {
  const kit = setUpStore(kind);

  test("what is due for a re-send: failed requests and pending ones interrupted over 15 minutes ago, by their latest state", async () => {
    const { store } = kit;
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

  test("the backlog: leads no channel has taken, by their latest state; those that arrived before the threshold are stuck, oldest first", async () => {
    const { store } = kit;
    const now = Date.now();
    const minutes = (n: number) => now - n * 60_000;
    const stuck = lead({ status: "failed" }, minutes(40));
    const interrupted = lead({}, minutes(45));
    const fresh = lead({}, minutes(1));
    const oneChannel = lead(
      {
        status: "failed",
        delivery: {
          email: { status: "delivered", at: new Date(minutes(50)).toISOString(), attempts: 1 },
          webhook: {
            status: "failed",
            at: new Date(minutes(50)).toISOString(),
            attempts: 1,
            error: "HTTP 500",
          },
        },
      },
      minutes(50),
    );
    const fixed = lead({ status: "failed" }, minutes(60));
    const others = (["spam", "refused", "stored", "delivered"] as const).map((status) =>
      lead({ status }, minutes(90)),
    );
    for (const r of [stuck, interrupted, fresh, oneChannel, fixed, ...others]) await store.create(r, now);
    await store.update({ ...fixed, status: "delivered" });
    expect(await store.backlog(minutes(30))).toEqual({
      waiting: 3,
      stuck: 2,
      oldestWaiting: interrupted.receivedAt,
      stuckIds: [interrupted.id, stuck.id],
    });
    expect(await store.backlog(minutes(60))).toMatchObject({ waiting: 3, stuck: 0, stuckIds: [] });
  });

  test("the open incident outlives the instance that opened it, until it is closed", async () => {
    const incident = { alertedAt: "2026-11-20T10:31:00.000Z", since: "2026-11-20T10:00:00.000Z", stuck: 2 };
    expect(await kit.store.incident()).toBeUndefined();
    await kit.store.exclusive(() => kit.store.setIncident(incident));
    expect(await kit.reopened().incident()).toEqual(incident);
    await kit.store.exclusive(() => kit.store.setIncident(undefined));
    expect(await kit.reopened().incident()).toBeUndefined();
  });

  test("prune: spam after 30 days, enquiries 24 months after the last update; the rest stays", async () => {
    const { store } = kit;
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
    const { store } = kit;
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
    const { store } = kit;
    const other = kit.reopened();
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
    const { holder, contender, end, freedWithin } = await lockContest(kit, leaseMs);
    try {
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
      expect(await freedWithin(5 * leaseMs, 100)).toBe("ran");
    } finally {
      await end();
    }
  }, 40_000);

  test("the lock of a re-send that stopped renewing it (frozen, or its machine gone) is taken once its lease runs out", async () => {
    const leaseMs = 3_000;
    // The same store kind with the same short lease (the default is a minute).
    const { holder, contender, end, freedWithin } = await lockContest(kit, leaseMs);
    try {
      // Alive but stopped: it no longer renews its lease, as a frozen or cut-off machine would not.
      holder.kill("SIGSTOP");
      await expect(contender.exclusive(async () => "ran")).rejects.toThrow(
        /another re-send or prune is running/,
      );
      expect(await freedWithin(6 * leaseMs, 250)).toBe("ran");
    } finally {
      await end();
    }
  }, 60_000);
});
