/** @jest-environment node */
import type { OutboxRecord } from "../record";
import { DAY, lead, setUpStore, STORE_KINDS } from "./store.harness";

/**
 * The lead store's behaviour, the same tests against both stores (store.harness.ts sets them up).
 * This file: a request's record and its idempotency key, what the endpoint's intake relies on; what
 * the re-send and the prune rely on (the requests due, the prune, the maintenance lock) is in
 * store.maintenance.test.ts, the stores behind the endpoint itself in store.endpoint.test.ts.
 */

describe.each(STORE_KINDS)("the %s store", (kind) => {
  const kit = setUpStore(kind);

  test("a saved request reads back whole; a later state replaces it", async () => {
    const { store } = kit;
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
    const { store } = kit;
    const record = lead();
    await store.create(record, Date.now());
    await store.close();
    const next = kit.reopened();
    expect(await next.get(record.id)).toEqual(record);
    expect(await next.lookupKey(record.idempotencyKey, record.fingerprint, Date.now())).toEqual({
      kind: "replay",
      id: record.id,
    });
  });

  test("idempotency: a key is new, then replays for the same content, conflicts for other content, and expires after a day", async () => {
    const { store } = kit;
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
    const { store } = kit;
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
    const { store } = kit;
    const now = Date.now();
    const record = lead({}, now);
    await store.create(record, now);
    await store.update({ ...record, status: "refused", reason: "no channel delivered it" });
    expect(await store.lookupKey(record.idempotencyKey, record.fingerprint, now)).toEqual({ kind: "new" });
    const retry = lead({ idempotencyKey: record.idempotencyKey, fingerprint: record.fingerprint }, now);
    expect(await store.create(retry, now)).toEqual({ kind: "created" });
  });
});
