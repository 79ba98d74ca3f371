/** @jest-environment node */
import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import consultation from "../../../api/consultation";
import { resetProcessStores } from "../stores";
import {
  fakeRequest,
  fakeResponse,
  formTokenFrom,
  tempOutbox,
  validRequest,
  withEnv,
} from "../../../../test/consultation";
import { startSmtp, startWebhook, type SmtpPeer, type WebhookPeer } from "../../../../test/peers";

/**
 * Delivery against real protocol peers on 127.0.0.1: nodemailer talks SMTP to an `smtp-server`,
 * fetch posts to a node:http server, and the documented re-send command runs as a child process.
 */

const root = path.resolve(__dirname, "../../../..");
const run = promisify(execFile);

let outbox: ReturnType<typeof tempOutbox>;
let restoreEnv: () => void;
let smtp: SmtpPeer | undefined;
let webhook: WebhookPeer | undefined;

beforeEach(async () => {
  await resetProcessStores();
  outbox = tempOutbox();
  restoreEnv = withEnv({
    CONSULTATION_OUTBOX: outbox.file,
    CONSULTATION_RATE_LIMIT: "1000/600",
    CONSULTATION_TO: "leads@copperline.example",
    CONSULTATION_FROM: "Copperline website <website@copperline.example>",
    CONSULTATION_DELIVERY_TIMEOUT_MS: "5000",
    SMTP_URL: undefined,
    CONSULTATION_WEBHOOK_URL: undefined,
    CONSULTATION_WEBHOOK_SECRET: undefined,
  });
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(async () => {
  restoreEnv();
  outbox.cleanup();
  jest.restoreAllMocks();
  await smtp?.stop();
  await webhook?.stop();
  smtp = webhook = undefined;
});

async function post(body: unknown) {
  const res = fakeResponse();
  await consultation(fakeRequest(body) as never, res as never);
  return { status: res.statusCode, id: (res.json() as { id: string }).id };
}

const resendCommand = () =>
  run("npm", ["run", "--silent", "consultation:resend"], { cwd: root, env: process.env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );

test("email: the SMTP server receives the visitor's details, with Reply-To set to the visitor", async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  const body = validRequest({ details: "Classify support emails <b>fast</b> & route them: 40k a month." });
  const { status, id } = await post(body);

  expect(status).toBe(201);
  expect(smtp.mails).toHaveLength(1);
  const mail = smtp.mails[0];
  expect(mail.to).toEqual(["leads@copperline.example"]);
  expect(mail.from).toBe("website@copperline.example");
  expect(mail.text).toMatch(/^Subject: Consultation request from Ada Lovelace, Analytical Engines Ltd/m);
  expect(mail.text).toMatch(/^Reply-To: Ada Lovelace <ada@analytical\.example>/m);
  expect(mail.text).toMatch(new RegExp(`^X-Consultation-Id: ${id}$`, "im"));
  for (const expected of [
    "Email: ada@analytical.example",
    "Phone: +44 20 7946 0321",
    "Service: nlp-solutions",
    "Budget: £25,000 to £50,000",
    "Sent from: /services/nlp-solutions (service nlp-solutions)",
    "Visitor's country: GB",
    body.details,
  ]) {
    expect(mail.text).toContain(expected);
  }
  // In the HTML part the visitor's markup is escaped.
  expect(mail.text).toContain("Classify support emails &#60;b&#62;fast&#60;/b&#62; &#38; route them");
  expect(outbox.lines().map((l) => l.status)).toEqual(["pending", "delivered"]);
  expect(outbox.lines()[1]).toMatchObject({ delivery: { email: { status: "delivered", attempts: 1 } } });
});

test("webhook: a local HTTP server receives the request as signed JSON", async () => {
  webhook = await startWebhook();
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;
  process.env.CONSULTATION_WEBHOOK_SECRET = "s3cret";
  const body = validRequest();
  const { status, id } = await post(body);

  expect(status).toBe(201);
  expect(webhook.calls).toHaveLength(1);
  const call = webhook.calls[0];
  expect(call.headers["content-type"]).toBe("application/json");
  expect(call.headers["idempotency-key"]).toBe(id);
  const timestamp = String(call.headers["x-consultation-timestamp"]);
  expect(call.headers["x-consultation-signature"]).toBe(
    `sha256=${createHmac("sha256", "s3cret").update(`${timestamp}.${call.body}`).digest("hex")}`,
  );
  expect(call.json).toMatchObject({
    id,
    name: "Ada Lovelace",
    email: "ada@analytical.example",
    phone: "+44 20 7946 0321",
    company: "Analytical Engines Ltd",
    service: "nlp-solutions",
    budget: "25k-50k",
    budgetLabel: "£25,000 to £50,000",
    details: body.details,
    consent: true,
    context: body.context,
  });
  expect(call.json).not.toHaveProperty("website");
  expect(outbox.lines().at(-1)).toMatchObject({ status: "delivered" });
});

test("both channels: each receives the request once", async () => {
  smtp = await startSmtp();
  webhook = await startWebhook();
  process.env.SMTP_URL = smtp.url;
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;
  await post(validRequest());
  expect(smtp.mails).toHaveLength(1);
  expect(webhook.calls).toHaveLength(1);
  expect(outbox.lines().at(-1)).toMatchObject({
    status: "delivered",
    delivery: { email: { status: "delivered" }, webhook: { status: "delivered" } },
  });
});

test("spam is never delivered", async () => {
  smtp = await startSmtp();
  webhook = await startWebhook();
  process.env.SMTP_URL = smtp.url;
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;
  expect((await post(validRequest({ website: "http://spam.example" }))).status).toBe(201);
  expect((await post(validRequest({ formToken: formTokenFrom(0) }))).status).toBe(201);
  expect(smtp.mails).toHaveLength(0);
  expect(webhook.calls).toHaveLength(0);
  expect(outbox.lines().map((l) => l.status)).toEqual(["spam", "spam"]);
});

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

  smtp = await startSmtp(port);
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
  smtp = await startSmtp();
  webhook = await startWebhook();
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

test("SMTP configured without CONSULTATION_TO: failed with a reason that says what to set", async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  delete process.env.CONSULTATION_TO;
  delete process.env.CONSULTATION_FROM;
  await post(validRequest());
  expect(outbox.lines().at(-1)).toMatchObject({
    status: "failed",
    reason: expect.stringContaining("CONSULTATION_TO"),
  });
});

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

test("the email's Reply-To shows the visitor's address only, whatever the name says", async () => {
  smtp = await startSmtp();
  process.env.SMTP_URL = smtp.url;
  const name = 'Eve "ceo@bank.example" <ceo@bank.example>, \u202Eevil\u202C\u200B';
  const { status } = await post(validRequest({ name, email: "eve@visitor.example" }));
  expect(status).toBe(201);
  const replyTo = smtp.mails[0].text.match(/^Reply-To: (.*)$/m)![1];
  // One address, the visitor's; the display name carries no address, quote, bracket or comma.
  expect(replyTo.match(/@/g)).toHaveLength(1);
  expect(replyTo).toMatch(/<eve@visitor\.example>$/);
  const displayName = replyTo.replace(/\s*<eve@visitor\.example>$/, "").replace(/^"(.*)"$/, "$1");
  expect(displayName).toBe("Eve ceo bank.example ceo bank.example evil");
  // No bidi controls or zero-width characters anywhere in the mail.
  expect(smtp.mails[0].text).not.toMatch(/[\u200B-\u200F\u202A-\u202E\u2066-\u2069\u061C\uFEFF]/);
  expect(smtp.mails[0].text).toMatch(/^Name: Eve .*, evil$/m);
});

test("the webhook signature covers a timestamp, so a captured body cannot be replayed later", async () => {
  webhook = await startWebhook();
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;
  process.env.CONSULTATION_WEBHOOK_SECRET = "s3cret";
  const before = Math.floor(Date.now() / 1000);
  await post(validRequest());
  const call = webhook.calls[0];
  const timestamp = String(call.headers["x-consultation-timestamp"]);
  expect(Number(timestamp)).toBeGreaterThanOrEqual(before);
  expect(Number(timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  expect(call.headers["x-consultation-signature"]).toBe(
    `sha256=${createHmac("sha256", "s3cret").update(`${timestamp}.${call.body}`).digest("hex")}`,
  );
});

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
