import nodemailer from "nodemailer";
import type { ConsultationConfig } from "./config";
import { Deadline } from "./deadline";
import { configuredChannels, smtpOptions } from "./delivery";
import { redact, type LeadLog } from "./log";
import type { OutboxRecord } from "./record";
import type { Backlog, Incident, LeadStore } from "./store";

/**
 * Someone is told when leads are stuck. After each re-send (resend.ts, inside the store's lock), the
 * backlog is counted: a lead that has reached no channel CONSULTATION_ALERT_AFTER_MINUTES after it
 * arrived is stuck. The first run that finds one opens an incident and alerts once, through every
 * alert route that is not the failing channel (CONSULTATION_ALERT_WEBHOOK_URL, CONSULTATION_ALERT_TO)
 * and in the log in any case; later runs stay quiet while it lasts; the first run that finds none
 * stuck says the leads are delivered again and closes it. The incident is kept in the store, since
 * each run may be a process of its own (Netlify's scheduled function). An alert that no route
 * took is tried again by the next run. Nothing in an alert names a visitor: counts, times, lead
 * ids and the channels' errors with any address cut to its domain.
 */

export interface AlertMessage {
  event: "leads-stuck" | "leads-delivered-again";
  /** One line for a person (what Slack, Mattermost or Google Chat show of a webhook's JSON). */
  text: string;
  stuck: number;
  waiting: number;
  /** When the oldest stuck lead arrived (ISO). */
  since: string;
  afterMinutes: number;
  leadIds: string[];
}

type Route = "webhook" | "email";

interface Sent {
  via: Route[];
  failed: { route: Route; reason: string }[];
  skipped: { route: Route; reason: string }[];
}

async function postAlert(url: string, message: AlertMessage, deadline: Deadline): Promise<void> {
  const controller = new AbortController();
  const response = await deadline.within(
    "the alert webhook",
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(message),
      signal: controller.signal,
      redirect: "error",
    }),
    Infinity,
    () => controller.abort(),
  );
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`the alert webhook answered HTTP ${response.status}`);
}

async function emailAlert(
  email: NonNullable<ConsultationConfig["alert"]["email"]>,
  message: AlertMessage,
  deadline: Deadline,
): Promise<void> {
  const transport = nodemailer.createTransport(smtpOptions(email, Math.max(1, deadline.remaining())));
  try {
    const subject =
      message.event === "leads-stuck"
        ? `${message.stuck} consultation request(s) stuck for over ${message.afterMinutes} minutes`
        : "Consultation requests are delivered again";
    const sent = transport.sendMail({ from: email.from, to: email.to, subject, text: message.text });
    await deadline.within("the alert's mail server", sent, Infinity, () => transport.close());
  } finally {
    transport.close();
  }
}

/** Sends `message` by every alert route configured, except one that is a failing lead channel. */
async function sendAlert(message: AlertMessage, config: ConsultationConfig): Promise<Sent> {
  const { webhookUrl, email } = config.alert;
  const deadline = Deadline.after(config.deliveryTimeoutMs);
  const routes: { route: Route; skip?: string; send: () => Promise<void> }[] = [];
  if (webhookUrl) {
    routes.push({
      route: "webhook",
      skip: webhookUrl === config.webhook?.url ? "it is the leads' own webhook" : undefined,
      send: () => postAlert(webhookUrl, message, deadline),
    });
  }
  if (email) {
    const leadsOwn = email.smtpUrl === config.email?.smtpUrl && email.to === config.email?.to;
    routes.push({
      route: "email",
      skip: leadsOwn ? "it is the leads' own address on their own mail server" : undefined,
      send: () => emailAlert(email, message, deadline),
    });
  }
  const sent: Sent = { via: [], failed: [], skipped: [] };
  await Promise.all(
    routes.map(async ({ route, skip, send }) => {
      if (skip) return void sent.skipped.push({ route, reason: skip });
      try {
        await send();
        sent.via.push(route);
      } catch (error) {
        sent.failed.push({ route, reason: redact(String(error)) ?? "" });
      }
    }),
  );
  return sent;
}

const minutes = (config: ConsultationConfig) => Math.round(config.alert.afterMs / 60_000);

function stuckMessage(backlog: Backlog, config: ConsultationConfig, failing: OutboxRecord[]): AlertMessage {
  const since = backlog.oldestWaiting!;
  const channels = configuredChannels(config).join(" and ");
  const reasons = [...new Set(failing.map((r) => redact(r.reason)).filter(Boolean))].slice(0, 3);
  return {
    event: "leads-stuck",
    text:
      `Consultation leads are stuck: ${backlog.stuck} request(s) have reached no channel (${channels}) for over ${minutes(config)} minutes; the oldest arrived at ${since}.` +
      (reasons.length ? ` Latest error: ${reasons.join(" | ")}.` : "") +
      ` They are kept and re-sent; what to do: docs/reliability.md, "When the alert fires".`,
    stuck: backlog.stuck,
    waiting: backlog.waiting,
    since,
    afterMinutes: minutes(config),
    leadIds: backlog.stuckIds,
  };
}

function recoveredMessage(incident: Incident, backlog: Backlog, config: ConsultationConfig, now: number) {
  return {
    event: "leads-delivered-again",
    text: `Consultation leads are delivered again: at ${new Date(now).toISOString()} no request had waited over ${minutes(config)} minutes. The alert of ${incident.alertedAt} counted ${incident.stuck} stuck, the oldest from ${incident.since}.`,
    stuck: 0,
    waiting: backlog.waiting,
    since: incident.since,
    afterMinutes: minutes(config),
    leadIds: [],
  } satisfies AlertMessage;
}

/**
 * Counts the backlog, and alerts or gives the all-clear as the incident requires. `failing` is
 * what this re-send could not deliver (their errors go into the alert). Returns lines for the
 * re-send's summary. Call it inside `store.exclusive`: two runs must not both open an incident.
 */
export async function watchBacklog(
  store: LeadStore,
  config: ConsultationConfig,
  log: LeadLog,
  now: number,
  failing: OutboxRecord[],
): Promise<string[]> {
  const backlog = await store.backlog(now - config.alert.afterMs);
  const open = await store.incident();
  if (backlog.stuck > 0 && open) {
    return [`${backlog.stuck} request(s) still stuck; alerted at ${open.alertedAt}.`];
  }
  if (backlog.stuck === 0 && !open) return [];

  const message = open
    ? recoveredMessage(open, backlog, config, now)
    : stuckMessage(backlog, config, failing);
  const sent = await sendAlert(message, config);
  const { text, event: kind, ...counts } = message;
  log[open ? "info" : "error"](
    { event: "alerted", kind, ...counts, via: sent.via, failed: sent.failed, skipped: sent.skipped },
    text,
  );
  // The log line is the alert when no route is configured; a route that failed is tried again.
  if (sent.failed.length && !sent.via.length) {
    return [
      `Could not send the alert (${sent.failed.map((f) => `${f.route}: ${f.reason}`).join("; ")}): trying again next run.`,
    ];
  }
  await store.setIncident(
    open ? undefined : { alertedAt: new Date(now).toISOString(), since: message.since, stuck: message.stuck },
  );
  return [
    `${open ? "Delivered again" : "Alerted"}${sent.via.length ? ` (${sent.via.join(", ")})` : " (in the log)"}: ${text}`,
  ];
}
