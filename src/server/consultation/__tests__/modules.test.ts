/** @jest-environment node */
import fs from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import os from "node:os";
import { clientAddress, rateKey } from "../clientAddress";
import { DEFAULT_OUTBOX, parseRateLimit, readConfig } from "../config";
import { configuredChannels, deliver } from "../delivery";
import { acquireFileLock } from "../fileLock";
import { FileStore } from "../fileStore";
import { IdempotencyStore } from "../idempotency";
import { emailHtml, emailSubject, escapeHtml, replyToName } from "../message";
import { appendRecord, readOutbox, writeFully, type OutboxRecord } from "../outbox";
import { RateLimiter } from "../rateLimiter";
import { needsResend, resendFailed, STALE_PENDING_MS } from "../resend";
import { retentionCutoffs } from "../retention";
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
    const file = (env: Record<string, string>) => readConfig(env, "/srv/site").store;
    expect(file({})).toEqual({ kind: "file", path: path.join("/srv/site", DEFAULT_OUTBOX) });
    expect(file({ CONSULTATION_OUTBOX: "leads.ndjson" })).toEqual({
      kind: "file",
      path: "/srv/site/leads.ndjson",
    });
    expect(file({ CONSULTATION_OUTBOX: "/var/leads.ndjson" })).toEqual({
      kind: "file",
      path: "/var/leads.ndjson",
    });
  });

  test("DATABASE_URL chooses PostgreSQL, which is durable everywhere", () => {
    const config = readConfig({ DATABASE_URL: "postgres://u:p@db.example/leads", NETLIFY: "true" });
    expect(config.store).toEqual({ kind: "postgres", url: "postgres://u:p@db.example/leads" });
    expect(config.durable).toBe(true);
  });

  test.each(["NETLIFY", "AWS_LAMBDA_FUNCTION_NAME", "LAMBDA_TASK_ROOT", "VERCEL", "K_SERVICE"])(
    "%s marks a serverless runtime: the file outbox is not durable there and defaults to the temporary directory",
    (name) => {
      const config = readConfig({ [name]: "1" }, "/var/task");
      expect(config).toMatchObject({ durable: false, serverless: name });
      expect(config.store).toEqual({
        kind: "file",
        path: path.join(os.tmpdir(), "consultation-requests.ndjson"),
      });
      expect(readConfig({}, "/srv/site")).toMatchObject({ durable: true, serverless: undefined });
    },
  );

  test("CONSULTATION_MIN_FILL_MS: 3000 unless set to a whole number of milliseconds", () => {
    expect(readConfig({}).minFillMs).toBe(3000);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "0" }).minFillMs).toBe(0);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "250" }).minFillMs).toBe(250);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "-5" }).minFillMs).toBe(3000);
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
    const { records, unreadableLines } = await readOutbox(outbox.file, { warn: () => undefined });
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

  test("refuses to run without a channel, saying which variables to set", async () => {
    const config = readConfig({ CONSULTATION_OUTBOX: outbox.file });
    await expect(resendFailed(new FileStore(outbox.file), config)).rejects.toThrow(
      /SMTP_URL and CONSULTATION_TO .* or CONSULTATION_WEBHOOK_URL/,
    );
    const noRecipient = readConfig({ CONSULTATION_OUTBOX: outbox.file, SMTP_URL: "smtp://127.0.0.1:9" });
    await expect(resendFailed(new FileStore(outbox.file), noRecipient)).rejects.toThrow(/CONSULTATION_TO/);
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

describe("outbox after a crash mid-write", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("a torn last line does not swallow the next request: appends start on a fresh line", async () => {
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, '{"id":"torn", "fields": {"na'); // the disk filled up mid-line
    await appendRecord(outbox.file, record({ id: "r2" }));
    const warn = jest.fn();
    const { records, unreadableLines } = await readOutbox(outbox.file, { warn });
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(unreadableLines).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/skipped line 2 of .*: not a complete request/));
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

  test("a lock held by a live process is never taken, however old it is", async () => {
    const holder = spawn("sleep", ["30"]);
    try {
      fs.writeFileSync(lock(), String(holder.pid));
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      fs.utimesSync(lock(), twoHoursAgo, twoHoursAgo);
      await expect(resend()).rejects.toThrow(/another re-send/);
      expect(fs.readFileSync(lock(), "utf8")).toContain(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  test("two processes that find the same dead owner: the one that comes second does not take the lock from the first", () => {
    fs.writeFileSync(lock(), String(spawnSync("true").pid));
    let rival: (() => void) | undefined;
    // This process finds the owner dead; before it takes over, a rival (another run) does.
    const late = () =>
      acquireFileLock(lock(), "a re-send", {
        beforeTakeover: () => {
          rival = acquireFileLock(lock(), "a re-send");
        },
      });
    expect(late).toThrow(/a re-send is running .* is held by process \d+/);
    expect(rival).toBeDefined();
    expect(fs.readFileSync(lock(), "utf8")).toBe(`${process.pid}@${os.hostname()}`);
    rival!();
    expect(fs.existsSync(lock())).toBe(false);
  });

  test("a lock left by a process that died is taken over", async () => {
    const dead = spawnSync("true");
    fs.writeFileSync(lock(), String(dead.pid));
    await expect(resend()).resolves.toMatchObject({ attempted: [] });
    expect(fs.existsSync(lock())).toBe(false);
  });
});

describe("a large outbox", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeAll(() => (outbox = tempOutbox()));
  afterAll(() => outbox.cleanup());

  test("is read line by line: 1 GiB of snapshots (more than any string can hold) reads back", async () => {
    fs.mkdirSync(path.dirname(outbox.file), { recursive: true });
    const details = "A long project description. ".repeat(170).trim();
    const lines = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify(record({ id: `r${i}`, fields: { ...record().fields, details } })),
    ).join("\n");
    const chunk = Buffer.from(`${lines}\n`);
    const fd = fs.openSync(outbox.file, "w");
    let size = 0;
    while (size < 1024 ** 3) size += fs.writeSync(fd, chunk);
    fs.closeSync(fd);
    await appendRecord(outbox.file, record({ id: "last", status: "failed" }));
    const { records, unreadableLines } = await readOutbox(outbox.file);
    expect(records.size).toBe(51);
    expect(records.get("last")!.status).toBe("failed");
    expect(unreadableLines).toBe(0);
  }, 120_000);
});

describe("short writes and warnings", () => {
  let outbox: ReturnType<typeof tempOutbox>;
  beforeEach(() => (outbox = tempOutbox()));
  afterEach(() => outbox.cleanup());

  test("a write the system cuts short is continued until the whole line is written", async () => {
    const written: Buffer[] = [];
    // A file handle whose writes take at most 7 bytes at a time, as a full pipe or a signal can.
    const handle = {
      write: async (data: Buffer, offset: number, length: number) => {
        const bytesWritten = Math.min(7, length);
        written.push(Buffer.from(data.subarray(offset, offset + bytesWritten)));
        return { bytesWritten, buffer: data };
      },
    };
    const line = Buffer.from(`${JSON.stringify(record())}\n`);
    await writeFully(handle as never, line);
    expect(Buffer.concat(written).equals(line)).toBe(true);
  });

  test("a skipped line is reported with its number", async () => {
    await appendRecord(outbox.file, record());
    fs.appendFileSync(outbox.file, "not json\n");
    await appendRecord(outbox.file, record({ id: "r2" }));
    const warn = jest.fn();
    const { records } = await readOutbox(outbox.file, { warn });
    expect([...records.keys()]).toEqual(["r1", "r2"]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/skipped line 2 of .*consultation-requests\.ndjson/),
    );
  });
});

describe("the client address", () => {
  const config = (env: Record<string, string> = {}) => readConfig(env);
  const req = (headers: Record<string, string>, socket = "10.0.0.9", extra = {}) => ({
    headers,
    socket: { remoteAddress: socket },
    ...extra,
  });

  test("IPv6 addresses are keyed by their /64; IPv4 and IPv4-mapped ones by the address", () => {
    expect(rateKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(rateKey("2001:0DB8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(rateKey("::1")).toBe("0:0:0:0::/64");
    expect(rateKey("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(rateKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(rateKey("192.0.2.7")).toBe("192.0.2.7");
    expect(rateKey("192.0.2.7:51234")).toBe("192.0.2.7");
  });

  test("X-Forwarded-For counts only through the trusted hops", () => {
    const xff = { "x-forwarded-for": "6.6.6.6, 192.0.2.1, 10.0.0.1" };
    expect(clientAddress(req(xff), config())).toBe("10.0.0.9");
    expect(clientAddress(req(xff), config({ CONSULTATION_TRUSTED_HOPS: "1" }))).toBe("10.0.0.1");
    expect(clientAddress(req(xff), config({ CONSULTATION_TRUSTED_HOPS: "2" }))).toBe("192.0.2.1");
    // The old setting, CONSULTATION_CLIENT_IP_HEADER=x-forwarded-for, keeps meaning one proxy.
    expect(clientAddress(req(xff), config({ CONSULTATION_CLIENT_IP_HEADER: "X-Forwarded-For" }))).toBe(
      "10.0.0.1",
    );
  });

  test("the host's own header wins; Netlify's is used on Netlify only", () => {
    const headers = { "x-nf-client-connection-ip": "192.0.2.5", "x-forwarded-for": "6.6.6.6" };
    expect(clientAddress(req(headers), config())).toBe("10.0.0.9");
    expect(clientAddress(req(headers), config({ NETLIFY: "true" }))).toBe("192.0.2.5");
    expect(clientAddress(req(headers, "", { netlifyFunctionParams: {} }), config())).toBe("192.0.2.5");
    expect(
      clientAddress(
        req({ "x-real-ip": "192.0.2.6" }),
        config({ CONSULTATION_CLIENT_IP_HEADER: "X-Real-IP" }),
      ),
    ).toBe("192.0.2.6");
  });
});

describe("names in the email", () => {
  test("the Reply-To display name cannot carry an address or reorder text", () => {
    expect(replyToName('Eve "ceo@bank.example" <ceo@bank.example>, x')).toBe(
      "Eve ceo bank.example ceo bank.example x",
    );
    expect(replyToName("\u202Eevil\u202C Ad\u200Ba")).toBe("evil Ada");
    expect(replyToName("Ada Lovelace")).toBe("Ada Lovelace");
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
