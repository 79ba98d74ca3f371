/** @jest-environment node */
import { readConfig } from "../config";
import { runResend } from "../resend";
import { processStore } from "../stores";
import { validRequest } from "../../../../test/consultation";
import { startSmtp } from "../../../../test/peers";
import { LEADS_INBOX, OUTBOX_ONLY, postLead, setUpEndpoint, setUpPeers } from "./endpoint.harness";

/**
 * The lead log as an operator reads it (log.ts): one JSON line per event on standard output, each
 * with a request id and the lead id, none with the visitor's details. A lead sent while the mail
 * server is down is followed from the form to the inbox, through the re-send's runs on a clock
 * set forward, and the alert that it is stuck.
 */

const outbox = setUpEndpoint({ ...OUTBOX_ONLY, ...LEADS_INBOX });
const peers = setUpPeers();

const MINUTE = 60_000;
/** A re-send run as if `minutes` had passed since the lead arrived. */
const runAfter = (minutes: number) =>
  runResend(processStore(readConfig()), readConfig(), { now: () => Date.now() + minutes * MINUTE });

test("a lead sent while the mail server is down: received, stored, failed with its reason, re-sent, alerted, delivered, in order", async () => {
  const down = await startSmtp();
  await down.stop();
  const alerts = await peers.webhook();
  Object.assign(process.env, { SMTP_URL: down.url, CONSULTATION_ALERT_WEBHOOK_URL: alerts.url });
  const body = validRequest({ email: "grace.hopper@navy.example" });

  const { status, id } = await postLead(body);
  expect(status).toBe(201);
  await runAfter(31); // still down, and past the 30 minutes: stuck
  await peers.smtp(down.port); // the mail server is back
  await runAfter(41);

  const events = outbox.log.of(id);
  expect(events.map((e) => [e.event, e.channel ?? e.kind ?? null])).toEqual([
    ["received", null],
    ["stored", null],
    ["failed", "email"],
    ["resent", null],
    ["failed", "email"],
    ["alerted", "leads-stuck"],
    ["resent", null],
    ["delivered", "email"],
  ]);
  const [received, , failed] = events;
  expect(received).toMatchObject({ level: "info", emailDomain: "navy.example", service: body.service });
  expect(failed).toMatchObject({ level: "warn", attempt: 1, reason: expect.stringMatching(/ECONNREFUSED/) });
  expect(events[5]).toMatchObject({ level: "error", stuck: 1, via: ["webhook"] });
  expect(outbox.log.lines.at(-1)).toMatchObject({ event: "alerted", kind: "leads-delivered-again" });

  // The request's own lines share its id; each re-send run has an id of its own.
  const ids = events.map((e) => e.requestId);
  expect(new Set(ids.slice(0, 3)).size).toBe(1);
  expect(new Set(ids).size).toBe(3);
  expect(events.slice(3).every((e) => e.job === "resend")).toBe(true);
  expect(events.every((e) => typeof e.time === "string" && typeof e.msg === "string")).toBe(true);

  // Nothing of the visitor's but their email's domain.
  const text = JSON.stringify(outbox.log.lines);
  for (const value of [body.name, body.email, "grace.hopper", body.phone, body.company, body.details])
    expect(text).not.toContain(value);
});
