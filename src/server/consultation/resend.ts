import { watchBacklog } from "./alerts";
import type { ConsultationConfig } from "./config";
import { configuredChannels, deliver } from "./delivery";
import { logDelivery, processLog, redact, requestId, type LeadLog } from "./log";
import type { OutboxRecord } from "./record";
import type { LeadStore } from "./store";

/** A "pending" record older than this was interrupted (a crash or a timeout) and is re-sent too. */
export const STALE_PENDING_MS = 15 * 60 * 1000;

export interface ResendReport {
  attempted: OutboxRecord[];
  delivered: OutboxRecord[];
  stillFailing: OutboxRecord[];
  /** What the check for stuck leads did (alerts.ts), for the summary. */
  alert: string[];
}

export interface ResendOptions {
  /** The clock the run's records and the stuck-lead threshold go by. */
  now?: () => number;
  /** Where the run's lead events go: by default this process's JSON log, with the run's own id. */
  log?: LeadLog;
}

/** The log of one re-send run: its events share an id, as a request's do. */
const runLog = (): LeadLog => processLog().child({ requestId: requestId(), job: "resend" });

export function needsResend(record: OutboxRecord, now: number): boolean {
  if (record.status === "failed") return true;
  return record.status === "pending" && Date.parse(record.updatedAt) < now - STALE_PENDING_MS;
}

/**
 * What is missing for the re-send to deliver anything, or undefined when a channel is ready.
 * Without a channel, "delivering" would only mark failed requests `stored`, and they would never
 * be retried again.
 */
export function missingChannelConfig(config: ConsultationConfig): string | undefined {
  if (!configuredChannels(config).length) {
    return "no delivery channel is configured: set SMTP_URL and CONSULTATION_TO (email), or CONSULTATION_WEBHOOK_URL (webhook), as the server has them";
  }
  if (config.email && !config.email.to && !config.webhook) {
    return "SMTP_URL is set but CONSULTATION_TO is not: set the address the requests go to";
  }
  return undefined;
}

/**
 * Re-delivers every failed (or stale pending) request in the store to the channels configured
 * now, skipping channels that already have it, and saves each result; then counts what is still
 * stuck and alerts when it must (alerts.ts). Refuses to run without a channel, and while another
 * re-send or prune holds the store's lock.
 */
export async function resendFailed(
  store: LeadStore,
  config: ConsultationConfig,
  { now = Date.now, log = runLog() }: ResendOptions = {},
): Promise<ResendReport> {
  const missing = missingChannelConfig(config);
  if (missing) throw new Error(`Not re-sending: ${missing}.`);
  return store.exclusive(async () => {
    const attempted = await store.pendingDelivery(now() - STALE_PENDING_MS);
    const results: OutboxRecord[] = [];
    for (const record of attempted) {
      log.info({ event: "resent", leadId: record.id, status: record.status }, "re-sending lead");
      const next = await deliver(record, config, { now: () => new Date(now()) });
      logDelivery(log, record, next);
      await store.update(next);
      results.push(next);
    }
    const stillFailing = results.filter((r) => r.status === "failed");
    let alert: string[];
    try {
      alert = await watchBacklog(store, config, log, now(), stillFailing);
    } catch (error) {
      // The re-send itself went through; the count is tried again next run.
      alert = [`Could not check for stuck requests: ${redact(String(error))}`];
      log.error(alert[0]);
    }
    return { attempted, delivered: results.filter((r) => r.status !== "failed"), stillFailing, alert };
  });
}

export interface ResendRun {
  /** What happened, for the log (one line per request, then a summary). */
  lines: string[];
  /** 0 all delivered (or nothing to do), 1 some still failing, 2 could not run. */
  exitCode: 0 | 1 | 2;
}

/**
 * One scheduled run of the re-send, as `npm run consultation:resend`, `npm start`'s timer and the
 * Netlify scheduled function all do it.
 */
export async function runResend(
  store: LeadStore,
  config: ConsultationConfig,
  options: ResendOptions = {},
): Promise<ResendRun> {
  const missing = missingChannelConfig(config);
  if (missing)
    return { lines: [`Not re-sending: ${missing}. Failed requests stay as they are.`], exitCode: 2 };
  try {
    const report = await resendFailed(store, config, options);
    if (report.attempted.length === 0) {
      return {
        lines: [`No failed consultation requests in ${store.description}.`, ...report.alert],
        exitCode: 0,
      };
    }
    return {
      lines: [
        ...report.delivered.map((r) => `re-sent ${r.id} (${r.status})`),
        ...report.stillFailing.map((r) => `still failing ${r.id}: ${r.reason}`),
        `${report.delivered.length} of ${report.attempted.length} request(s) delivered; ${report.stillFailing.length} still failing.`,
        ...report.alert,
      ],
      exitCode: report.stillFailing.length ? 1 : 0,
    };
  } catch (error) {
    return { lines: [error instanceof Error ? error.message : String(error)], exitCode: 2 };
  }
}
