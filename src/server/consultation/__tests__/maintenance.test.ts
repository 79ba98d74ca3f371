/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "../config";
import { FileStore } from "../file/fileStore";
import { IdempotencyStore } from "../idempotency";
import { needsResend, resendFailed, STALE_PENDING_MS } from "../resend";
import { retentionCutoffs } from "../retention";
import { outboxRecord as record, tempOutbox } from "../../../../test/consultation";

describe("idempotency store", () => {
  test("new, replay, conflict, and expiry after the TTL", () => {
    const store = new IdempotencyStore(1000);
    expect(store.lookup("k", "f", 0)).toEqual({ kind: "new" });
    store.reserve("k", { fingerprint: "f", at: 0, id: "id-1", result: Promise.resolve("id-1") });
    expect(store.lookup("k", "f", 10).kind).toBe("replay");
    expect(store.lookup("k", "other", 10).kind).toBe("conflict");
    expect(store.lookup("k", "f", 2000).kind).toBe("new");
  });

  test("hydrates recent keys from outbox records", async () => {
    const store = new IdempotencyStore(60_000);
    const now = Date.parse("2026-01-01T10:00:30.000Z");
    store.hydrate(
      [
        record(),
        record({ id: "old", idempotencyKey: "old-old-old-old-old", receivedAt: "2025-01-01T00:00:00Z" }),
      ],
      now,
    );
    const replay = store.lookup("key-key-key-key-key-1", "f1", now);
    expect(replay.kind).toBe("replay");
    expect(replay.kind === "replay" && (await replay.entry.result)).toBe("r1");
    expect(store.lookup("old-old-old-old-old", "f1", now).kind).toBe("new");
  });
});

describe("re-send", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("takes failed records and pending ones interrupted long ago, nothing else", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    const at = (ms: number) => new Date(now - ms).toISOString();
    expect(needsResend(record({ status: "failed" }), now)).toBe(true);
    expect(needsResend(record({ status: "pending", updatedAt: at(STALE_PENDING_MS + 1) }), now)).toBe(true);
    expect(needsResend(record({ status: "pending", updatedAt: at(1000) }), now)).toBe(false);
    for (const status of ["delivered", "stored", "spam"] as const)
      expect(needsResend(record({ status }), now)).toBe(false);
  });

  test("refuses to run without a channel, saying which variables to set", async () => {
    const config = readConfig({ CONSULTATION_OUTBOX: outbox.file });
    await expect(resendFailed(new FileStore(outbox.file), config)).rejects.toThrow(
      /SMTP_URL and CONSULTATION_TO .* or CONSULTATION_WEBHOOK_URL/,
    );
    const noRecipient = readConfig({ CONSULTATION_OUTBOX: outbox.file, SMTP_URL: "smtp://127.0.0.1:9" });
    await expect(resendFailed(new FileStore(outbox.file), noRecipient)).rejects.toThrow(/CONSULTATION_TO/);
  });
});

describe("the re-send lock", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => {
    outbox = tempOutbox();
    fs.mkdirSync(path.dirname(outbox.file), { recursive: true });
  });
  afterEach(() => outbox.cleanup());
  const lock = () => `${outbox.file}.resend.lock`;
  const config = () =>
    readConfig({ CONSULTATION_OUTBOX: outbox.file, CONSULTATION_WEBHOOK_URL: "http://127.0.0.1:9/" });
  const resend = () => resendFailed(new FileStore(outbox.file), config());

  test("refuses to run twice at once", async () => {
    const store = new FileStore(outbox.file);
    await store.exclusive(async () => {
      await expect(resend()).rejects.toThrow(/another re-send or prune is running/);
    });
    await expect(resend()).resolves.toMatchObject({ attempted: [] });
  });

  test("the lock of a running re-send is renewed: it is never taken while its holder runs, however long", async () => {
    const leaseMs = 2_000;
    const holder = new FileStore(outbox.file, undefined, { leaseMs });
    const contender = new FileStore(outbox.file, undefined, { leaseMs });
    await holder.exclusive(async () => {
      await new Promise((resolve) => setTimeout(resolve, 2.5 * leaseMs));
      await expect(contender.exclusive(async () => "ran")).rejects.toThrow(
        /another re-send or prune is running/,
      );
    });
    await expect(contender.exclusive(async () => "ran")).resolves.toBe("ran");
  }, 20_000);

  test("a lock nobody renewed for a whole lease (a crashed run, a run on another machine, a reused pid) is taken over", async () => {
    fs.mkdirSync(lock());
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(lock(), tenMinutesAgo, tenMinutesAgo);
    await expect(resend()).resolves.toMatchObject({ attempted: [] });
    expect(fs.existsSync(lock())).toBe(false);
  });
});

describe("retention", () => {
  test("spam goes after 30 days, enquiries 24 calendar months after their last update", () => {
    const now = Date.parse("2026-03-31T12:00:00Z");
    const cutoffs = retentionCutoffs(now, { max: 5, windowMs: 600_000 });
    expect(new Date(cutoffs.spamBefore).toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect(new Date(cutoffs.enquiriesBefore).toISOString()).toBe("2024-03-31T12:00:00.000Z");
    expect(cutoffs.hitsBefore).toBe(now - 600_000);
  });
});
