/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_OUTBOX, parseRateLimit, readConfig } from "../config";
import { configuredChannels, deliver } from "../delivery";
import { IdempotencyStore } from "../idempotency";
import { emailHtml, emailSubject, escapeHtml } from "../message";
import { appendRecord, readOutbox, type OutboxRecord } from "../outbox";
import { RateLimiter } from "../rateLimiter";
import { needsResend, resendFailed, STALE_PENDING_MS } from "../resend";
import { tempOutbox } from "../../../../test/consultation";

const record = (overrides: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id: "r1",
  receivedAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  status: "pending",
  idempotencyKey: "key-key-key-key-key-1",
  fingerprint: "f1",
  fields: {
    name: "Grace <Hopper>",
    email: "grace@navy.example",
    phone: "",
    company: "",
    service: "not-sure",
    budget: "",
    details: "Compilers & <b>bugs</b>, line one\nline two",
    consent: true,
  },
  context: { page: "/contact" },
  delivery: {},
  ...overrides,
});

describe("configuration", () => {
  test("CONSULTATION_RATE_LIMIT is count/seconds, with 5/600 as the default", () => {
    expect(parseRateLimit("5/600")).toEqual({ max: 5, windowMs: 600_000 });
    expect(parseRateLimit(" 20 / 60 ")).toEqual({ max: 20, windowMs: 60_000 });
    for (const bad of [undefined, "", "five", "5", "0/600", "5/0", "-1/5"]) {
      expect(parseRateLimit(bad)).toEqual({ max: 5, windowMs: 600_000 });
    }
  });

  test("the outbox defaults to .data/ under the working directory; relative paths resolve there", () => {
    expect(readConfig({}, "/srv/site").outbox).toBe(path.join("/srv/site", DEFAULT_OUTBOX));
    expect(readConfig({ CONSULTATION_OUTBOX: "leads.ndjson" }, "/srv/site").outbox).toBe(
      "/srv/site/leads.ndjson",
    );
    expect(readConfig({ CONSULTATION_OUTBOX: "/var/leads.ndjson" }, "/srv/site").outbox).toBe(
      "/var/leads.ndjson",
    );
  });

  test("channels: none by default; email with SMTP_URL; webhook with CONSULTATION_WEBHOOK_URL", () => {
    expect(configuredChannels(readConfig({}))).toEqual([]);
    const both = readConfig({
      SMTP_URL: "smtp://mail.example:587",
      CONSULTATION_TO: "leads@example.com",
      CONSULTATION_WEBHOOK_URL: "https://crm.example/hook",
    });
    expect(configuredChannels(both)).toEqual(["email", "webhook"]);
    expect(both.email).toEqual({
      smtpUrl: "smtp://mail.example:587",
      to: "leads@example.com",
      from: "leads@example.com",
    });
  });
});

describe("rate limiter", () => {
  const limit = { max: 5, windowMs: 600_000 };

  test("allows 5 in the window, refuses the 6th, and allows again when the oldest expires", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 5; i++) expect(limiter.check("a", limit, 1000 + i * 1000).allowed).toBe(true);
    expect(limiter.check("a", limit, 10_000)).toEqual({ allowed: false, retryAfterSeconds: 591 });
    expect(limiter.check("a", limit, 601_000).allowed).toBe(true);
  });

  test("addresses are independent and the number tracked is capped", () => {
    const limiter = new RateLimiter(3);
    for (const ip of ["a", "b", "c", "d"]) limiter.check(ip, { max: 1, windowMs: 1000 }, 0);
    // "a" was evicted (least recently used), so it is allowed again; "d" is still limited.
    expect(limiter.check("a", { max: 1, windowMs: 1000 }, 1).allowed).toBe(true);
    expect(limiter.check("d", { max: 1, windowMs: 1000 }, 1).allowed).toBe(false);
  });
});

describe("idempotency store", () => {
  test("new, replay, conflict, and expiry after the TTL", () => {
    const store = new IdempotencyStore(1000);
    expect(store.lookup("k", "f", 0)).toEqual({ kind: "new" });
    store.reserve("k", "f", 0, Promise.resolve("id-1"));
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

describe("outbox", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("appends one line per snapshot; the last line of an id is its state", async () => {
    await appendRecord(outbox.file, record());
    await appendRecord(outbox.file, record({ id: "r2" }));
    await appendRecord(outbox.file, record({ status: "delivered" }));
    expect(fs.readFileSync(outbox.file, "utf8").split("\n")).toHaveLength(4); // 3 lines + final newline
    const { records } = await readOutbox(outbox.file);
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(records.get("r1")!.status).toBe("delivered");
  });

  test("a missing file is an empty outbox; a line cut short by a crash is skipped, not fatal", async () => {
    expect((await readOutbox(outbox.file)).records.size).toBe(0);
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, '{"id":"half", "fields": {"na');
    const { records, unreadableLines } = await readOutbox(outbox.file);
    expect([...records.keys()]).toEqual(["r1"]);
    expect(unreadableLines).toBe(1);
  });

  test("the file is readable by its owner only", async () => {
    await appendRecord(outbox.file, record());
    expect(fs.statSync(outbox.file).mode & 0o077).toBe(0);
  });

  test("with nothing configured the record is 'stored': the outbox is the delivery", async () => {
    const next = await deliver(record(), readConfig({ CONSULTATION_OUTBOX: outbox.file }));
    expect(next.status).toBe("stored");
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

  test("refuses to run twice at once", async () => {
    fs.mkdirSync(path.dirname(outbox.file), { recursive: true });
    fs.writeFileSync(`${outbox.file}.resend.lock`, "123");
    await expect(resendFailed(readConfig({ CONSULTATION_OUTBOX: outbox.file }))).rejects.toThrow(
      /another re-send/,
    );
  });
});

describe("the email", () => {
  test("escapes the visitor's text in HTML and keeps line breaks", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
    const html = emailHtml(record());
    expect(html).toContain("Grace &#60;Hopper&#62;");
    expect(html).toContain("Compilers &#38; &#60;b&#62;bugs&#60;/b&#62;, line one<br>line two");
    expect(html).not.toContain("<b>bugs");
  });

  test("the subject names the visitor and, when given, the company", () => {
    expect(emailSubject(record())).toBe("Consultation request from Grace <Hopper>");
    expect(emailSubject(record({ fields: { ...record().fields, company: "Navy" } }))).toBe(
      "Consultation request from Grace <Hopper>, Navy",
    );
  });
});
