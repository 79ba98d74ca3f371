/** @jest-environment node */
import { execFile } from "node:child_process";
import path from "node:path";
import { resendAndPrune } from "../../../../netlify/functions/consultation-resend";
import { readConfig } from "../config";
import { handleConsultation } from "../handler";
import { fakeRequest, TEST_ENV, validRequest, withEnv } from "../../../../test/consultation";
import { captureJsonLog, type CapturedLog } from "../../../../test/jsonLog";
import { startSmtp, startWebhook, type SmtpPeer, type WebhookPeer } from "../../../../test/peers";
import { quiet, setUpStore, STORE_KINDS, type Kit } from "./store.harness";

/**
 * Someone is told when leads are stuck (alerts.ts), on both stores, with real peers and a clock
 * set back: a visitor sends a lead an hour ago while the mail server is stopped, and the re-send
 * runs every ten minutes since, as Netlify's scheduled function runs it (each run a new store
 * instance), the last ones as `npm run consultation:resend` in processes of their own. The alert
 * webhook (a real local receiver) gets exactly one alert once the lead has waited 30 minutes,
 * however many runs follow, then one "delivered again" notice once the mail server is back, from
 * a process that did not send the alert: what a run must remember is in the store. Neither names
 * the visitor.
 */

const MINUTE = 60_000;
const TO = "leads@copperline.example";
const root = path.resolve(__dirname, "../../../..");
/** When the test's lead arrives: the runs go on from there, on a clock that ticks. */
let start: number;

/** Every variable a test here sets, cleared first and put back after (withEnv). */
const UNSET = {
  DATABASE_URL: undefined,
  CONSULTATION_OUTBOX: undefined,
  CONSULTATION_WEBHOOK_URL: undefined,
  CONSULTATION_ALERT_WEBHOOK_URL: undefined,
  CONSULTATION_ALERT_TO: undefined,
  CONSULTATION_ALERT_SMTP_URL: undefined,
  CONSULTATION_ALERT_AFTER_MINUTES: undefined,
  NETLIFY: undefined,
};

let smtp: SmtpPeer;
let alerts: WebhookPeer;
let restoreEnv: () => void;
let log: CapturedLog;

/** A lead sent at `at` through the endpoint, with this environment and the test's store. */
async function sendLead(kit: Kit, at: number) {
  const body = validRequest({ email: "ada.lovelace@analytical.example" });
  const deps = { config: readConfig(process.env), store: kit.store, now: () => at, log: quiet };
  const reply = await handleConsultation(fakeRequest(body) as never, deps);
  expect(reply.status).toBe(201);
  return { body, id: (reply.body as { id: string }).id };
}

/** One run of the scheduled function, `minutes` after `start`. */
const runAt = (minutes: number) => resendAndPrune(new Date(start + minutes * MINUTE));

/** `npm run consultation:resend` in a process of its own, now, with this environment. */
function resendInAnotherProcess(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/resend-consultations.ts"],
      { cwd: root, env: process.env, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, output: stdout + stderr }),
    );
  });
}

const alertEvents = () => alerts.calls.map((c) => c.json.event);

describe.each(STORE_KINDS)("stuck leads on the %s store", (kind) => {
  const kit = setUpStore(kind);

  beforeEach(async () => {
    start = Date.now() - 60 * MINUTE;
    smtp = await startSmtp();
    alerts = await startWebhook();
    restoreEnv = withEnv({
      ...TEST_ENV,
      ...UNSET,
      ...kit.env,
      SMTP_URL: smtp.url,
      CONSULTATION_TO: TO,
      CONSULTATION_ALERT_WEBHOOK_URL: alerts.url,
    });
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    log = captureJsonLog();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    restoreEnv();
    await smtp.stop();
    await alerts.stop();
  });

  test("the mail server stopped past the threshold: one alert however many runs, then one notice once it is back", async () => {
    await smtp.stop();
    const { body, id } = await sendLead(kit, start);
    expect(await kit.store.get(id)).toMatchObject({ status: "failed" });

    await runAt(10);
    await runAt(20);
    expect(alertEvents()).toEqual([]); // waiting, not yet stuck

    const lines = await runAt(31);
    expect(alertEvents()).toEqual(["leads-stuck"]);
    const [alert] = alerts.calls;
    expect(alert.json).toMatchObject({
      stuck: 1,
      waiting: 1,
      since: new Date(start).toISOString(),
      afterMinutes: 30,
      leadIds: [id],
    });
    expect(alert.json.text).toMatch(
      /^Consultation leads are stuck: 1 request\(s\) have reached no channel \(email\) for over 30 minutes; the oldest arrived at .*ECONNREFUSED/,
    );
    // One of the run's lines, not necessarily the last: a run between 03:00 and 03:10 UTC also
    // prunes old leads and reports that after it.
    expect(lines).toContainEqual(expect.stringMatching(/^Alerted \(webhook\): Consultation leads are stuck/));
    for (const value of [body.name, body.email, "ada.lovelace", body.phone, body.company, body.details])
      expect(alert.body).not.toContain(value);

    await runAt(41);
    await runAt(51);
    const another = await resendInAnotherProcess(); // an hour on: still stuck, already alerted
    expect(another).toMatchObject({ code: 1, output: expect.stringMatching(/still stuck; alerted at/) });
    expect(alertEvents()).toEqual(["leads-stuck"]); // one alert per incident, not one per run
    // The log said it once, as an error line.
    expect(log.lines.filter((l) => l.event === "alerted").map((l) => [l.level, l.kind])).toEqual([
      ["error", "leads-stuck"],
    ]);

    smtp = await startSmtp(smtp.port);
    const back = await resendInAnotherProcess();
    expect(back).toMatchObject({ code: 0, output: expect.stringMatching(/Delivered again \(webhook\)/) });
    expect(smtp.mails.map((m) => m.to)).toEqual([[TO]]);
    expect(alertEvents()).toEqual(["leads-stuck", "leads-delivered-again"]);
    expect(alerts.calls[1].json.text).toMatch(/^Consultation leads are delivered again/);

    await runAt(70);
    expect(alertEvents()).toHaveLength(2);
  }, 60_000);

  test("after the notice, a lead stuck again is a new incident with an alert of its own", async () => {
    await smtp.stop();
    await sendLead(kit, start);
    await runAt(31);
    smtp = await startSmtp(smtp.port);
    await runAt(41);
    await smtp.stop();
    await sendLead(kit, start + 50 * MINUTE);
    await runAt(70);
    expect(alertEvents()).toEqual(["leads-stuck", "leads-delivered-again"]);
    await runAt(81);
    expect(alertEvents()).toEqual(["leads-stuck", "leads-delivered-again", "leads-stuck"]);
  }, 30_000);
});

describe("where the alert goes", () => {
  const kit = setUpStore("file");

  beforeEach(async () => {
    start = Date.now() - 60 * MINUTE;
    alerts = await startWebhook();
    smtp = await startSmtp();
    await smtp.stop();
    restoreEnv = withEnv({ ...TEST_ENV, ...UNSET, ...kit.env, SMTP_URL: smtp.url, CONSULTATION_TO: TO });
    jest.spyOn(console, "log").mockImplementation(() => undefined);
    log = captureJsonLog();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    restoreEnv();
    await alerts.stop();
  });

  const alerted = () => log.lines.filter((l) => l.event === "alerted");

  test("with no alert route, the log line is the alert, once per incident", async () => {
    await sendLead(kit, start);
    for (const minutes of [31, 41]) await runAt(minutes);
    expect(alerted()).toEqual([expect.objectContaining({ kind: "leads-stuck", stuck: 1, via: [] })]);
  });

  test("CONSULTATION_ALERT_TO gets the alert by email through another mail server, and the notice", async () => {
    const alertMail = await startSmtp();
    try {
      Object.assign(process.env, {
        CONSULTATION_ALERT_TO: "ops@copperline.example",
        CONSULTATION_ALERT_SMTP_URL: alertMail.url,
      });
      const { body } = await sendLead(kit, start);
      for (const minutes of [31, 41]) await runAt(minutes);
      expect(alertMail.mails.map((m) => m.to)).toEqual([["ops@copperline.example"]]);
      expect(alertMail.mails[0].text).toMatch(
        /Subject: 1 consultation request\(s\) stuck for over 30 minutes/,
      );
      expect(alertMail.mails[0].text).not.toContain(body.email);
      smtp = await startSmtp(smtp.port);
      await runAt(51);
      await smtp.stop();
      expect(alertMail.mails.map((m) => m.text.match(/Subject: (.*)/)?.[1])).toEqual([
        "1 consultation request(s) stuck for over 30 minutes",
        "Consultation requests are delivered again",
      ]);
    } finally {
      await alertMail.stop();
    }
  });

  test("an alert webhook that fails is tried again next run", async () => {
    process.env.CONSULTATION_ALERT_WEBHOOK_URL = alerts.url;
    alerts.status = 500;
    await sendLead(kit, start);
    await runAt(31);
    alerts.status = 200;
    await runAt(41);
    await runAt(51);
    expect(alerts.calls.map((c) => c.json.event)).toEqual(["leads-stuck", "leads-stuck"]);
    expect(alerted().map((l) => l.via)).toEqual([[], ["webhook"]]);
  });

  test("an alert webhook that is the leads' own (down with the mail server) is skipped: the log line alerts", async () => {
    Object.assign(process.env, {
      CONSULTATION_WEBHOOK_URL: alerts.url,
      CONSULTATION_ALERT_WEBHOOK_URL: alerts.url,
    });
    alerts.status = 503;
    await sendLead(kit, start);
    for (const minutes of [31, 41]) await runAt(minutes);
    expect(alerts.calls.filter((c) => c.json.event)).toEqual([]); // only the lead itself, three times
    expect(alerts.calls).toHaveLength(3);
    expect(alerted()).toEqual([
      expect.objectContaining({
        kind: "leads-stuck",
        via: [],
        skipped: [expect.objectContaining({ route: "webhook" })],
      }),
    ]);
  });
});
