/** @jest-environment node */
import { Client } from "pg";
import { readConfig } from "../config";
import { deliveriesSettled } from "../dispatch";
import { handleConsultation, type Deps, type Reply } from "../handler";
import { resendFailed } from "../resend";
import { openStore } from "../stores";
import type { LeadStore } from "../store";
import { fakeRequest, TEST_ENV, validRequest } from "../../../../test/consultation";
import { closedPort, startHangingWebhook, startSilentServer } from "../../../../test/badPeers";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";
import { startSmtp, startWebhook, type SmtpPeer } from "../../../../test/peers";

/**
 * The lead pipeline on a bad day, with real peers: a throwaway PostgreSQL, a real SMTP server,
 * and peers that misbehave (a database or mail server that accepts the connection and then says
 * nothing, a webhook that never answers, a table locked by another session). Whatever they do,
 * the visitor's answer comes within 5 s, and a lead is refused only when no channel can take it.
 */

const ANSWER_WITHIN_MS = 5_000;
const TO = "leads@copperline.example";

let pg: PostgresServer;
let url: string;
const cleanups: (() => Promise<unknown>)[] = [];
const stores: LeadStore[] = [];
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
  await Promise.all(cleanups.splice(0).map((stop) => stop()));
});

async function smtpPeer(): Promise<SmtpPeer> {
  const peer = await startSmtp();
  cleanups.push(() => peer.stop());
  return peer;
}

/** A function instance with these variables (PostgreSQL unless DATABASE_URL says otherwise). */
function instance(env: Record<string, string>) {
  const config = readConfig({ ...TEST_ENV, DATABASE_URL: url, CONSULTATION_RATE_LIMIT: "1000/600", ...env });
  const store = openStore(config, log);
  stores.push(store);
  const deps: Deps = { config, store, now: Date.now, log };
  return {
    config,
    store,
    /** Posts and measures how long the visitor waits for the answer. */
    async post(body: unknown): Promise<Reply & { waitedMs: number }> {
      const started = Date.now();
      const reply = await handleConsultation(fakeRequest(body) as never, deps).catch((error): Reply => ({
        status: 599,
        body: { error: String(error) },
      }));
      return { ...reply, waitedMs: Date.now() - started };
    },
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

describe("the database is down", () => {
  test("nothing listens at DATABASE_URL: the lead goes out by email and the visitor gets the success answer", async () => {
    const smtp = await smtpPeer();
    const down = instance({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/leads`,
      SMTP_URL: smtp.url,
      CONSULTATION_TO: TO,
    });
    const body = validRequest();
    const reply = await down.post(body);
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].text).toContain(body.details);
  });

  test("nothing listens at DATABASE_URL and the webhook is the only channel: the webhook gets the lead and the visitor the success answer", async () => {
    const webhook = await startWebhook();
    cleanups.push(() => webhook.stop());
    const down = instance({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/leads`,
      CONSULTATION_WEBHOOK_URL: webhook.url,
    });
    expect(down.config.email).toBeUndefined(); // SMTP is not configured
    const body = validRequest();
    const reply = await down.post(body);
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(webhook.calls.map((c) => c.body)).toEqual([expect.stringContaining(body.details)]);
  });

  test("the database accepts the connection and never answers: the lead goes out by email, within 5 s", async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.stop());
    const smtp = await smtpPeer();
    const stuck = instance({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/leads`,
      SMTP_URL: smtp.url,
      CONSULTATION_TO: TO,
    });
    const reply = await stuck.post(validRequest());
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(smtp.mails).toHaveLength(1);
  });

  test("a table locked by another session: the lead goes out by email within 5 s", async () => {
    const smtp = await smtpPeer();
    const endpoint = instance({ SMTP_URL: smtp.url, CONSULTATION_TO: TO });
    expect((await endpoint.post(validRequest())).status).toBe(201); // creates the tables
    const locker = new Client({ connectionString: url });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE consultation_requests IN ACCESS EXCLUSIVE MODE");
    const reply = await endpoint.post(validRequest());
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(smtp.mails).toHaveLength(2);
    await locker.query("ROLLBACK");
  });

  test("the database and every channel down: the clear error, and nothing half-saved", async () => {
    const nowhere = await closedPort();
    const down = instance({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/leads`,
      SMTP_URL: `smtp://127.0.0.1:${nowhere}`,
      CONSULTATION_TO: TO,
    });
    const reply = await down.post(validRequest());
    expect([500, 503]).toContain(reply.status);
    expect(reply.body).toEqual({ error: expect.stringMatching(/email us/) });
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
  });
});

describe("a slow channel", () => {
  test("a mail server that never greets: the lead is stored and answered within 5 s, and the re-send delivers it later", async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.stop());
    const endpoint = instance({ SMTP_URL: `smtp://127.0.0.1:${silent.port}`, CONSULTATION_TO: TO });
    const body = validRequest();
    const reply = await endpoint.post(body);
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(silent.connections).toBe(1);
    const [saved] = await rows("SELECT status FROM consultation_requests WHERE id = $1", [idOf(reply)]);
    expect(["pending", "failed"]).toContain(saved.status);

    // The mail server is fixed; the scheduled re-send delivers the lead once.
    const smtp = await smtpPeer();
    const later = readConfig({ ...TEST_ENV, DATABASE_URL: url, SMTP_URL: smtp.url, CONSULTATION_TO: TO });
    const report = await resendFailed(endpoint.store, later, { now: () => Date.now() + 60 * 60_000, log });
    expect(report.delivered.map((r) => r.id)).toEqual([idOf(reply)]);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].text).toContain(body.details);
  }, 30_000);

  test("a webhook that never answers: the visitor still gets the answer within 5 s", async () => {
    const hanging = await startHangingWebhook();
    cleanups.push(() => hanging.stop());
    const endpoint = instance({ CONSULTATION_WEBHOOK_URL: hanging.url });
    const reply = await endpoint.post(validRequest());
    expect(reply.status).toBe(201);
    expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(hanging.requests).toBe(1);
  });
});

describe("on a long-lived server, delivery after the answer (npm start: CONSULTATION_DELIVER_AFTER_ANSWER)", () => {
  const AFTER = { CONSULTATION_DELIVER_AFTER_ANSWER: "true" };

  test("the visitor does not wait for a mail server that never greets; the request stays for the re-send", async () => {
    const silent = await startSilentServer();
    cleanups.push(() => silent.stop());
    const endpoint = instance({ ...AFTER, SMTP_URL: `smtp://127.0.0.1:${silent.port}`, CONSULTATION_TO: TO });
    const reply = await endpoint.post(validRequest());
    expect(reply.status).toBe(201);
    // Answered once saved: not after the delivery's share of the deadline (seconds).
    expect(reply.waitedMs).toBeLessThan(1_000);
    const [saved] = await rows("SELECT status FROM consultation_requests WHERE id = $1", [idOf(reply)]);
    expect(saved.status).toBe("pending");
    await deliveriesSettled();
    const [after] = await rows("SELECT status FROM consultation_requests WHERE id = $1", [idOf(reply)]);
    expect(after.status).toBe("failed");
    expect(silent.connections).toBe(1);
  }, 30_000);

  test("a working mail server gets the lead right after the answer, and the request is saved as delivered", async () => {
    const smtp = await smtpPeer();
    const endpoint = instance({ ...AFTER, SMTP_URL: smtp.url, CONSULTATION_TO: TO });
    const body = validRequest();
    const reply = await endpoint.post(body);
    expect(reply.status).toBe(201);
    await deliveriesSettled();
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].text).toContain(body.details);
    const [saved] = await rows("SELECT status FROM consultation_requests WHERE id = $1", [idOf(reply)]);
    expect(saved.status).toBe("delivered");
  });

  test("never on a serverless runtime, whose instance may be frozen once it has answered", () => {
    expect(readConfig({ ...TEST_ENV, ...AFTER, DATABASE_URL: url }).deliverAfterAnswer).toBe(true);
    expect(readConfig({ ...TEST_ENV, ...AFTER, DATABASE_URL: url, NETLIFY: "true" }).deliverAfterAnswer).toBe(
      false,
    );
    expect(readConfig({ ...TEST_ENV, DATABASE_URL: url }).deliverAfterAnswer).toBe(false);
  });
});

test("a statement that hangs (a trigger sleeping 10 s) is cut off by the session's statement timeout: the lead goes out by email within 5 s", async () => {
  const smtp = await smtpPeer();
  const endpoint = instance({ SMTP_URL: smtp.url, CONSULTATION_TO: TO });
  expect((await endpoint.post(validRequest())).status).toBe(201); // creates the tables
  await rows(`
    CREATE FUNCTION slow_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(10); RETURN NEW; END $$;
    CREATE TRIGGER slow_insert BEFORE INSERT ON consultation_requests
      FOR EACH ROW EXECUTE FUNCTION slow_insert();`);
  const reply = await endpoint.post(validRequest());
  expect(reply.status).toBe(201);
  expect(reply.waitedMs).toBeLessThan(ANSWER_WITHIN_MS);
  expect(smtp.mails).toHaveLength(2);
  // The server cancelled the statement itself: nothing is left sleeping in the database.
  const sleeping = await rows("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep'");
  expect(sleeping).toEqual([{ n: 0 }]);
}, 30_000);
