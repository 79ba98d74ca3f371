/** @jest-environment node */
import { createHmac } from "node:crypto";
import { formTokenFrom, validRequest } from "../../../../test/consultation";
import { LEADS_INBOX, postLead as post, setUpEndpoint, setUpPeers } from "./endpoint.harness";

/**
 * Delivery against real protocol peers on 127.0.0.1: nodemailer talks SMTP to an `smtp-server`,
 * fetch posts to a node:http server. This file: what each channel receives; the re-send and prune
 * commands, run as child processes, are in delivery.commands.test.ts.
 */

const outbox = setUpEndpoint(LEADS_INBOX);
const peers = setUpPeers();

test("email: the SMTP server receives the visitor's details, with Reply-To set to the visitor", async () => {
  const smtp = await peers.smtp();
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
  const webhook = await peers.webhook();
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
  const smtp = await peers.smtp();
  const webhook = await peers.webhook();
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
  const smtp = await peers.smtp();
  const webhook = await peers.webhook();
  process.env.SMTP_URL = smtp.url;
  process.env.CONSULTATION_WEBHOOK_URL = webhook.url;
  expect((await post(validRequest({ website: "http://spam.example" }))).status).toBe(201);
  expect((await post(validRequest({ formToken: formTokenFrom(0) }))).status).toBe(201);
  expect(smtp.mails).toHaveLength(0);
  expect(webhook.calls).toHaveLength(0);
  expect(outbox.lines().map((l) => l.status)).toEqual(["spam", "spam"]);
});

test("SMTP configured without CONSULTATION_TO: failed with a reason that says what to set", async () => {
  const smtp = await peers.smtp();
  process.env.SMTP_URL = smtp.url;
  delete process.env.CONSULTATION_TO;
  delete process.env.CONSULTATION_FROM;
  await post(validRequest());
  expect(outbox.lines().at(-1)).toMatchObject({
    status: "failed",
    reason: expect.stringContaining("CONSULTATION_TO"),
  });
});

test("the email's Reply-To shows the visitor's address only, whatever the name says", async () => {
  const smtp = await peers.smtp();
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
  const webhook = await peers.webhook();
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
