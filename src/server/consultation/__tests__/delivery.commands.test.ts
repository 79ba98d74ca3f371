/** @jest-environment node */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { validRequest } from "../../../../test/consultation";
import { startSmtp } from "../../../../test/peers";
import { LEADS_INBOX, postLead as post, setUpEndpoint, setUpPeers } from "./endpoint.harness";

/**
 * The documented maintenance commands, run as child processes over the outbox the endpoint wrote
 * (delivery.test.ts describes the peers): the re-send delivers what failed once its channel is
 * back, and the prune deletes what the privacy notice says it does.
 */

const root = path.resolve(__dirname, "../../../..");
const run = promisify(execFile);

const outbox = setUpEndpoint(LEADS_INBOX);
const peers = setUpPeers();

const resendCommand = () =>
  run("npm", ["run", "--silent", "consultation:resend"], { cwd: root, env: process.env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

test("SMTP down: the request is accepted, stays in the outbox as failed, and the re-send command delivers it once the server is back", async () => {
  // Find a free port, then leave nothing listening on it.
  const probe = await startSmtp();
  const port = probe.port;
  await probe.stop();
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;

  const body = validRequest();
  const { status, id } = await post(body);
  expect(status).toBe(201);
  const failed = outbox.lines().at(-1)!;
  expect(failed).toMatchObject({
    id,
    status: "failed",
    delivery: { email: { status: "failed", attempts: 1 } },
  });
  expect(String(failed.reason)).toMatch(/^email: .*ECONNREFUSED/);
  expect(failed.fields).toMatchObject({ name: "Ada Lovelace", details: body.details });

  // Still down: the command reports it and exits 1; the request stays failed.
  const stillDown = await resendCommand();
  expect(stillDown.code).toBe(1);
  expect(stillDown.stderr).toContain(`still failing ${id}`);
  expect(outbox.lines().at(-1)).toMatchObject({ status: "failed", delivery: { email: { attempts: 2 } } });

  const smtp = await peers.smtp(port);
  const back = await resendCommand();
  expect(back.code).toBe(0);
  expect(back.stdout).toContain(`re-sent ${id} (delivered)`);
  expect(smtp.mails).toHaveLength(1);
  expect(smtp.mails[0].text).toContain(body.details);
  expect(smtp.mails[0].text).toContain(`Message-ID: <consultation-${id}@copperline.example>`);
  expect(outbox.lines().at(-1)).toMatchObject({
    id,
    status: "delivered",
    delivery: { email: { attempts: 3 } },
  });
  expect(outbox.lines().at(-1)).not.toHaveProperty("reason");

  // Nothing left to send: running it again sends nothing twice.
  const again = await resendCommand();
  expect(again.code).toBe(0);
  expect(again.stdout).toContain("No failed consultation requests");
  expect(smtp.mails).toHaveLength(1);
}, 60_000);

test("a failing webhook is retried alone: the email that already went out is not sent again", async () => {
  const smtp = await peers.smtp();
  const webhook = await peers.webhook();
  webhook.status = 503;
  process.env.SMTP_URL = smtp.url;
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;

  const { id } = await post(validRequest());
  expect(outbox.lines().at(-1)).toMatchObject({
    status: "failed",
    reason: "webhook: the webhook answered HTTP 503",
    delivery: { email: { status: "delivered" }, webhook: { status: "failed" } },
  });

  webhook.status = 200;
  const result = await resendCommand();
  expect(result.code).toBe(0);
  expect(webhook.calls).toHaveLength(2);
  expect(webhook.calls[1].headers["idempotency-key"]).toBe(id);
  expect(smtp.mails).toHaveLength(1);
  expect(outbox.lines().at(-1)).toMatchObject({ status: "delivered" });
}, 30_000);

test("the re-send command with no channel configured refuses, names the variables, and leaves failed requests failed", async () => {
  const probe = await startSmtp();
  process.env.SMTP_URL = `smtp://127.0.0.1:${probe.port}`;
  await probe.stop();
  const { id } = await post(validRequest());
  expect(outbox.lines().at(-1)).toMatchObject({ id, status: "failed" });

  delete process.env.SMTP_URL; // the operator's cron job lost its configuration
  const result = await resendCommand();
  expect(result.code).not.toBe(0);
  expect(result.stderr).toMatch(/SMTP_URL/);
  expect(result.stderr).toMatch(/CONSULTATION_WEBHOOK_URL/);
  expect(outbox.lines().at(-1)).toMatchObject({ id, status: "failed" });
}, 30_000);

test("the prune command deletes spam after 30 days and enquiries 24 months after the last contact, as the privacy notice promises", async () => {
  const day = 24 * 3600_000;
  const snapshot = (id: string, status: string, ageMs: number) => {
    const at = new Date(Date.now() - ageMs).toISOString();
    const { idempotencyKey: _k, formToken: _t, website: _w, context, ...fields } = validRequest();
    return JSON.stringify({
      id,
      receivedAt: at,
      updatedAt: at,
      status,
      idempotencyKey: `key-${id}-0123456789`,
      fingerprint: id,
      fields,
      context,
      delivery: {},
    });
  };
  fs.mkdirSync(path.dirname(outbox.file), { recursive: true });
  fs.writeFileSync(
    outbox.file,
    [
      snapshot("spam-old", "spam", 31 * day),
      snapshot("spam-new", "spam", 29 * day),
      snapshot("lead-old", "delivered", 731 * day),
      snapshot("lead-new", "delivered", 700 * day),
      snapshot("lead-recontacted", "failed", 800 * day),
      snapshot("lead-recontacted", "delivered", 10 * day),
    ].join("\n") + "\n",
  );
  const result = await run("npm", ["run", "--silent", "consultation:prune"], { cwd: root, env: process.env });
  expect(result.stdout).toMatch(/2 request\(s\) deleted/);
  expect([...new Set(outbox.lines().map((l) => l.id))]).toEqual(["spam-new", "lead-new", "lead-recontacted"]);
}, 30_000);
