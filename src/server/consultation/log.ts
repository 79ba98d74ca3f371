import { randomUUID } from "node:crypto";
import pino from "pino";
import type { Channel, OutboxRecord } from "./record";

/**
 * The lead pipeline's log: one JSON line per event, on standard output, where Netlify's function
 * log, a log drain, systemd's journal or a `tsx scripts/serve.ts > file` redirect all collect it.
 * Written by pino (a small, fast, widely kept JSON logger, already what most Node log drains and
 * tools read) rather than by hand. Each line carries the request id and the lead id, so one
 * request or one lead can be followed with `grep` or `jq` (docs/leads.md, "Following a lead").
 *
 * No line names a visitor: never the name, email, phone, company or message, only the email's
 * domain, and the error texts of peers have any address in them cut to its domain (`redact`).
 */

/** What happened to a lead. */
export type LeadEvent =
  | "received" // passed the checks, about to be saved
  | "stored" // saved in the lead store
  | "delivered" // a channel took it
  | "failed" // a channel (or the store) did not take it; `reason` says why
  | "refused" // answered 503: nothing could keep it (a serverless host without a database)
  | "resent" // the re-send is trying it again
  | "alerted"; // the re-send told the operator leads are stuck, or delivered again

/** A line's fields: an event of a lead, or (without `event`) a problem about one. */
export interface LeadEventFields {
  event?: LeadEvent;
  leadId?: string;
  [key: string]: unknown;
}

/** The log as the pipeline uses it (pino's logger fits, and so does `console`). */
export interface LeadLog {
  info(fields: LeadEventFields | string, message?: string): void;
  warn(fields: LeadEventFields | string, message?: string): void;
  error(fields: LeadEventFields | string, message?: string): void;
}

/** A JSON-lines logger writing to `destination` (tests give a stream of their own). */
export function jsonLog(destination: NodeJS.WritableStream = globalThis.process.stdout) {
  return pino(
    {
      base: undefined, // no pid or host name: the platform's log already says where a line came from
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Defence in depth: should a visitor's fields ever be passed to the log, they are dropped.
      redact: { paths: ["fields", "name", "email", "phone", "company", "details", "message"], remove: true },
    },
    destination,
  );
}

const LOG_KEY = Symbol.for("copperline.consultation.log");

/** This process's log (on `globalThis`, for the reason stores.ts gives). */
export function processLog(): pino.Logger {
  const holder = globalThis as { [LOG_KEY]?: pino.Logger };
  return (holder[LOG_KEY] ??= jsonLog());
}

/** A request's id: the one Netlify gave it (`x-nf-request-id`), or a new one. */
export function requestId(headers: Record<string, string | string[] | undefined> = {}): string {
  const given = headers["x-nf-request-id"];
  return typeof given === "string" && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
}

/** The domain of an email address (all of it a log may hold). */
export const emailDomain = (email: string): string => email.split("@").pop()!.toLowerCase();

/** A peer's error text with every email address cut to its domain (`<…@example.com>`). */
export const redact = (text: string | undefined): string | undefined =>
  text?.replace(/[^\s<>"'(),;:@]+@([a-z0-9.-]+)/gi, "…@$1");

/**
 * One line per channel this delivery attempt tried: `delivered`, or `failed` with its reason. A
 * channel that had the lead before (a re-send skips it) is not mentioned.
 */
export function logDelivery(log: LeadLog, before: OutboxRecord, after: OutboxRecord): void {
  for (const [channel, state] of Object.entries(after.delivery) as [
    Channel,
    OutboxRecord["delivery"][Channel],
  ][]) {
    if (!state || before.delivery[channel]?.status === "delivered") continue;
    if (state.attempts === (before.delivery[channel]?.attempts ?? 0)) continue;
    if (state.status === "delivered") {
      log.info(
        { event: "delivered", leadId: after.id, channel, attempt: state.attempts },
        `lead delivered by ${channel}`,
      );
    } else {
      log.warn(
        { event: "failed", leadId: after.id, channel, attempt: state.attempts, reason: redact(state.error) },
        `lead not delivered by ${channel}`,
      );
    }
  }
}
