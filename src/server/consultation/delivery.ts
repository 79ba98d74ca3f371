import { createHmac } from "node:crypto";
import nodemailer from "nodemailer";
import type { ConsultationConfig } from "./config";
import { emailHtml, emailSubject, emailText, replyToName, webhookPayload } from "./message";
import type { Channel, ChannelState, OutboxRecord, RecordStatus } from "./record";

/** Channels configured right now, in the order they are tried. */
export function configuredChannels(config: ConsultationConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.email) channels.push("email");
  if (config.webhook) channels.push("webhook");
  return channels;
}

/** Error text for the outbox: one line, no stack, bounded. */
const describe = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").slice(0, 300) || "unknown error";
};

export async function sendEmail(record: OutboxRecord, config: ConsultationConfig): Promise<void> {
  const email = config.email!;
  if (!email.to) throw new Error("CONSULTATION_TO is not set: no address to send the request to");
  const timeout = config.deliveryTimeoutMs;
  const transport = nodemailer.createTransport({
    url: email.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    const domain =
      (email.from ?? email.to)
        .split("@")
        .pop()
        ?.replace(/[^a-z0-9.-]/gi, "") || "localhost";
    await transport.sendMail({
      from: email.from,
      to: email.to,
      replyTo: { name: replyToName(record.fields.name), address: record.fields.email },
      subject: emailSubject(record),
      text: emailText(record),
      html: emailHtml(record),
      // The same id on a re-send lets a mail client or CRM see it is the same request.
      messageId: `<consultation-${record.id}@${domain}>`,
      headers: { "X-Consultation-Id": record.id },
    });
  } finally {
    transport.close();
  }
}

/**
 * The webhook signature: HMAC-SHA256 of `<timestamp>.<body>` with the shared secret, hex. The
 * timestamp (Unix seconds, sent as X-Consultation-Timestamp) is signed with the body, so a
 * receiver that rejects old timestamps cannot be fed a captured request again later.
 */
export const webhookSignature = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

export async function postWebhook(
  record: OutboxRecord,
  config: ConsultationConfig,
  now: () => Date = () => new Date(),
): Promise<void> {
  const webhook = config.webhook!;
  const body = JSON.stringify(webhookPayload(record));
  const timestamp = String(Math.floor(now().getTime() / 1000));
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    // A receiver that has seen this key already can ignore a re-send.
    "Idempotency-Key": record.id,
    "X-Consultation-Timestamp": timestamp,
  };
  if (webhook.secret) headers["X-Consultation-Signature"] = webhookSignature(webhook.secret, timestamp, body);
  const response = await fetch(webhook.url, {
    method: "POST",
    headers,
    body,
    signal: AbortSignal.timeout(config.deliveryTimeoutMs),
    redirect: "error",
  });
  // Drain the body so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
}

const senders: Record<
  Channel,
  (record: OutboxRecord, config: ConsultationConfig, now: () => Date) => Promise<void>
> = {
  email: sendEmail,
  webhook: postWebhook,
};

/**
 * Delivers a record to every configured channel that has not had it yet, and returns the record's
 * next snapshot. Channels run one after the other, each with its own time limit; one failing does
 * not stop the other.
 */
export async function deliver(
  record: OutboxRecord,
  config: ConsultationConfig,
  now: () => Date = () => new Date(),
): Promise<OutboxRecord> {
  const channels = configuredChannels(config);
  if (channels.length === 0) {
    return { ...record, status: "stored", reason: undefined, updatedAt: now().toISOString() };
  }
  const delivery: Partial<Record<Channel, ChannelState>> = { ...record.delivery };
  for (const channel of channels) {
    const previous = delivery[channel];
    if (previous?.status === "delivered") continue;
    const attempts = (previous?.attempts ?? 0) + 1;
    try {
      await senders[channel](record, config, now);
      delivery[channel] = { status: "delivered", at: now().toISOString(), attempts };
    } catch (error) {
      delivery[channel] = { status: "failed", at: now().toISOString(), attempts, error: describe(error) };
    }
  }
  const failed = channels.filter((c) => delivery[c]?.status !== "delivered");
  const status: RecordStatus = failed.length ? "failed" : "delivered";
  return {
    ...record,
    status,
    reason: failed.length ? failed.map((c) => `${c}: ${delivery[c]?.error}`).join("; ") : undefined,
    delivery,
    updatedAt: now().toISOString(),
  };
}
