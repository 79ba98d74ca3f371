/** @jest-environment node */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { Client, type Pool } from "pg";
import { readConfig } from "../config";
import { handleConsultation, type Deps, type Reply } from "../handler";
import { connection, REQUEST_TIMEOUTS } from "../postgres/connection";
import { PostgresStore, type PostgresStoreOptions } from "../postgres/postgresStore";
import { fakeRequest, TEST_ENV, validRequest } from "../../../../test/consultation";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";
import { startSmtp, startWebhook, type SmtpPeer, type WebhookPeer } from "../../../../test/peers";

/**
 * The endpoint with its leads in a real PostgreSQL server (a throwaway cluster): what changes
 * when more than one function instance runs, when delivery fails, and when the database dies.
 * Each "instance" is a handler with a store of its own (its own connection pool), sharing only
 * DATABASE_URL, as two serverless instances or two servers would.
 */

const root = path.resolve(__dirname, "../../../..");
const run = promisify(execFile);

let pg: PostgresServer;
let url: string;
let smtp: SmtpPeer | undefined;
let webhook: WebhookPeer | undefined;
const stores: PostgresStore[] = [];
const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());

beforeEach(async () => {
  url = await pg.createDatabase();
  log.error.mockClear();
});

afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  await smtp?.stop();
  await webhook?.stop();
  smtp = webhook = undefined;
});

/** A function instance: the handler with a store (connection pool) of its own. */
function instance(env: Record<string, string> = {}, options: PostgresStoreOptions = {}) {
  const store = new PostgresStore(connection(url, {}), log, options);
  stores.push(store);
  const deps: Deps = {
    config: readConfig({ ...TEST_ENV, DATABASE_URL: url, CONSULTATION_RATE_LIMIT: "1000/600", ...env }),
    store,
    now: Date.now,
    log,
  };
  return {
    store,
    post: (body: unknown, ip = "203.0.113.7"): Promise<Reply> =>
      handleConsultation(fakeRequest(body, { ip }) as never, deps).catch(() => ({
        status: 500,
        body: { error: "unexpected" },
      })),
  };
}

const idOf = (reply: Reply) => (reply.body as { id: string }).id;

async function rows(sql: string, values: unknown[] = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

test("every session of the store has the lock and statement timeouts; a table locked by another session is given up after the lock timeout, and no session is left waiting on it", async () => {
  const endpoint = instance();
  expect((await endpoint.post(validRequest())).status).toBe(201); // creates the tables
  // The store's own pool, two of its connections at once.
  const pool = (endpoint.store as unknown as { pool: Pool }).pool;
  const sessions = await Promise.all([pool.connect(), pool.connect()]);
  for (const session of sessions) {
    expect((await session.query("SHOW lock_timeout")).rows).toEqual([{ lock_timeout: "1s" }]);
    expect((await session.query("SHOW statement_timeout")).rows).toEqual([{ statement_timeout: "1500ms" }]);
    session.release();
  }
  expect(REQUEST_TIMEOUTS).toMatchObject({ lockMs: 1_000, statementMs: 1_500 });

  const locker = new Client({ connectionString: url });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE consultation_requests IN ACCESS EXCLUSIVE MODE");
    // 55P03 (lock_not_available) is the lock timeout's; the statement timeout's would be 57014.
    await expect(endpoint.store.get(randomUUID())).rejects.toMatchObject({ code: "55P03" });
    const waiting = await rows(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    expect(waiting).toEqual([{ n: 0 }]);
  } finally {
    await locker.query("ROLLBACK");
    await locker.end();
  }
});

test("two function instances share one rate limit", async () => {
  const a = instance({ CONSULTATION_RATE_LIMIT: "3/600" });
  const b = instance({ CONSULTATION_RATE_LIMIT: "3/600" });
  expect((await a.post(validRequest())).status).toBe(201);
  expect((await b.post(validRequest())).status).toBe(201);
  expect((await a.post(validRequest())).status).toBe(201);
  const limited = await b.post(validRequest());
  expect(limited.status).toBe(429);
  expect(Number(limited.headers!["Retry-After"])).toBeGreaterThan(590);
  expect((await a.post(validRequest())).status).toBe(429);
  // Another visitor is not affected.
  expect((await b.post(validRequest(), "198.51.100.20")).status).toBe(201);
});

test("one request sent to two instances at once is saved once and delivered once, by email and webhook", async () => {
  smtp = await startSmtp();
  webhook = await startWebhook();
  const channels = {
    SMTP_URL: smtp.url,
    CONSULTATION_TO: "leads@copperline.example",
    CONSULTATION_WEBHOOK_URL: webhook.url,
    // What is tested is the store settling the twins, not its speed. On a loaded 2-core host the
    // four requests took longer than the request's time limits (the store's 1.8 s share of the
    // deadline; a 1 s lock wait on the shared rate-limit row) and went on as designed for a store
    // that does not answer: unstored, each delivered. Here the limits are generous.
    CONSULTATION_DEADLINE_MS: "30000",
  };
  const unhurried = { timeouts: { connectMs: 10_000, statementMs: 10_000, lockMs: 10_000 } };
  const a = instance(channels, unhurried);
  const b = instance(channels, unhurried);
  const body = validRequest();
  const replies = await Promise.all([a.post(body), b.post(body), a.post(body), b.post(body)]);
  expect(log.error).not.toHaveBeenCalled();
  expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  const ids = new Set(replies.map(idOf));
  expect(ids.size).toBe(1);
  expect(smtp.mails).toHaveLength(1);
  expect(webhook.calls).toHaveLength(1);
  const saved = await rows("SELECT id, status FROM consultation_requests");
  expect(saved).toEqual([{ id: [...ids][0], status: "delivered" }]);
});

test("a lead written while SMTP is down is re-sent from the database by the re-send command once SMTP is back", async () => {
  const probe = await startSmtp();
  const port = probe.port;
  await probe.stop();
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, CONSULTATION_TO: "leads@copperline.example" };
  const body = validRequest();
  const reply = await instance(env).post(body);
  expect(reply.status).toBe(201);
  const id = idOf(reply);
  expect(await rows("SELECT status, reason FROM consultation_requests WHERE id = $1", [id])).toEqual([
    { status: "failed", reason: expect.stringMatching(/^email: .*ECONNREFUSED/) },
  ]);

  smtp = await startSmtp(port);
  const resend = await run("npm", ["run", "--silent", "consultation:resend"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, CONSULTATION_OUTBOX: "/nonexistent/outbox.ndjson", ...env },
  });
  expect(resend.stdout).toContain(`re-sent ${id} (delivered)`);
  expect(smtp.mails).toHaveLength(1);
  expect(smtp.mails[0].text).toContain(body.details);
  expect(
    await rows("SELECT status, delivery->'email'->>'attempts' AS attempts FROM consultation_requests"),
  ).toEqual([{ status: "delivered", attempts: "2" }]);
}, 60_000);

test("killing the database server mid-request loses nothing that was answered 201", async () => {
  const endpoint = instance();
  const before = await endpoint.post(validRequest());
  expect(before.status).toBe(201);
  // Inserts now take a second, so the server can be killed while requests are writing.
  await rows(`
    CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(1); RETURN NEW; END $$;
    CREATE TRIGGER slow_insert BEFORE INSERT ON consultation_requests
      FOR EACH ROW EXECUTE FUNCTION slow_insert();`);
  const inFlight = Array.from({ length: 6 }, () => endpoint.post(validRequest()));
  const writing = async () =>
    (
      await rows(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query LIKE 'INSERT INTO consultation_requests%'",
      )
    )[0].n as number;
  while ((await writing()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  await pg.kill();
  const during = await Promise.all(inFlight);
  const after = await endpoint.post(validRequest());

  // Requests cut off mid-write, and requests while the server is down, are refused, not accepted.
  expect(during.some((r) => r.status === 500)).toBe(true);
  expect(after.status).toBe(500);
  await pg.restart();
  const saved = new Set((await rows("SELECT id FROM consultation_requests")).map((r) => r.id));
  const accepted = [before, ...during].filter((r) => r.status === 201).map(idOf);
  expect(accepted.filter((id) => !saved.has(id))).toEqual([]);
  expect(saved.has(idOf(before))).toBe(true);
  // The same instance recovers once the server is back, without a restart of its own.
  expect((await endpoint.post(validRequest())).status).toBe(201);
}, 60_000);

test("the prune command works on the database", async () => {
  const old = new Date(Date.now() - 40 * 24 * 3600_000);
  const spam = await instance().post(validRequest({ website: "https://spam.example" }));
  await rows("UPDATE consultation_requests SET received_at = $1, updated_at = $1", [old]);
  const result = await run("npm", ["run", "--silent", "consultation:prune"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
  });
  expect(result.stdout).toMatch(
    /^1 request\(s\) deleted from PostgreSQL 127\.0\.0\.1:\d+\/test_\d+_\d+: 1 spam/,
  );
  expect(await rows("SELECT id FROM consultation_requests WHERE id = $1", [idOf(spam)])).toEqual([]);
}, 30_000);
