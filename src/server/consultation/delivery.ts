import { createHmac } from "node:crypto";
import nodemailer from "nodemailer";
import type { ConsultationConfig } from "./config";
import { Deadline } from "./deadline";
import { emailHtml, emailSubject, emailText, replyToName, webhookPayload } from "./message";
import type { Channel, ChannelState, OutboxRecord, RecordStatus } from "./record";

/** Channels configured right now, in the order they are listed. */
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

/**
 * The transport's options. A URL with a user or password over `smtp://` must upgrade to TLS
 * (STARTTLS) before it logs in: `requireTLS`, and whatever the URL says about TLS otherwise is
 * not taken, so no spelling of it sends the password in clear. SMTP_ALLOW_INSECURE_AUTH=true is
 * the one, documented, way round it (a relay on the same machine).
 */
export function smtpOptions(email: NonNullable<ConsultationConfig["email"]>, timeoutMs: number) {
  let url = email.smtpUrl;
  let requireTLS = false;
  try {
    const parsed = new URL(email.smtpUrl);
    if (parsed.protocol === "smtp:" && (parsed.username || parsed.password) && !email.allowInsecureAuth) {
      for (const name of ["requireTLS", "ignoreTLS", "secure"]) parsed.searchParams.delete(name);
      url = parsed.toString();
      requireTLS = true;
    }
  } catch {
    // Not a URL: nodemailer reports it when it tries.
  }
  return {
    url,
    ...(requireTLS ? { requireTLS: true } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  };
}

export async function sendEmail(
  record: OutboxRecord,
  config: ConsultationConfig,
  deadline: Deadline,
): Promise<void> {
  const email = config.email!;
  if (!email.to) throw new Error("CONSULTATION_TO is not set: no address to send the request to");
  const transport = nodemailer.createTransport(smtpOptions(email, Math.max(1, deadline.remaining())));
  try {
    const domain =
      (email.from ?? email.to)
        .split("@")
        .pop()
        ?.replace(/[^a-z0-9.-]/gi, "") || "localhost";
    const sent = transport.sendMail({
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
    await deadline.within("the mail server", sent, Infinity, () => transport.close());
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
  deadline: Deadline,
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
  const controller = new AbortController();
  const response = await deadline.within(
    "the webhook",
    fetch(webhook.url, { method: "POST", headers, body, signal: controller.signal, redirect: "error" }),
    Infinity,
    () => controller.abort(),
  );
  // Drain the body so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
}

export interface DeliverOptions {
  /** When delivery must be over: a visitor is waiting. Default: the re-send's CONSULTATION_DELIVERY_TIMEOUT_MS. */
  deadline?: Deadline;
  now?: () => Date;
}

/**
 * Delivers a record to every configured channel that has not had it yet, and returns the record's
 * next snapshot. The channels run side by side within one deadline; one failing (or running out
 * of time) does not stop the other, and what did not go out is left `failed` for the re-send.
 */
export async function deliver(
  record: OutboxRecord,
  config: ConsultationConfig,
  { deadline = Deadline.after(config.deliveryTimeoutMs), now = () => new Date() }: DeliverOptions = {},
): Promise<OutboxRecord> {
  const channels = configuredChannels(config);
  if (channels.length === 0) {
    return { ...record, status: "stored", reason: undefined, updatedAt: now().toISOString() };
  }
  const delivery: Partial<Record<Channel, ChannelState>> = { ...record.delivery };
  const senders: Record<Channel, () => Promise<void>> = {
    email: () => sendEmail(record, config, deadline),
    webhook: () => postWebhook(record, config, deadline, now),
  };
  await Promise.all(
    channels
      .filter((channel) => delivery[channel]?.status !== "delivered")
      .map(async (channel) => {
        const attempts = (delivery[channel]?.attempts ?? 0) + 1;
        try {
          await senders[channel]();
          delivery[channel] = { status: "delivered", at: now().toISOString(), attempts };
        } catch (error) {
          delivery[channel] = { status: "failed", at: now().toISOString(), attempts, error: describe(error) };
        }
      }),
  );
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
