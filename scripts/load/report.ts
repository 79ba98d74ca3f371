import fs from "node:fs";
import * as prettier from "prettier";
import type { LeadAttempt, LeadResult, Sample, TrafficResult } from "./traffic";

/** The figures of `npm run load`, its budgets, and the section of docs/reliability.md they fill. */

export const LOAD_BUDGET = {
  /** A valid lead the generator sent that is not in the store: no answer, a connection error, a timeout, a 5xx, or a 201 not stored. */
  lostLeads: 0,
  /** 5xx answers to valid requests (pages and leads). */
  serverErrors: 0,
  /** The lead endpoint's p99 while the mail server works. */
  leadP99Ms: 500,
  /** The server's resident memory at the end against the start of the measured run. */
  rssGrowth: 1.25,
};

/** The page connection counts the calibration tries, in order, until one is not sustained. */
export const CALIBRATION = [8, 16, 32, 64, 128];
/** A page connection count is sustained when nothing fails and p99 stays under this. */
export const SUSTAINED_P99_MS = 250;

export const percentile = (values: number[], p: number): number => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

const latency = (samples: Sample[]) => ({
  p50: Math.round(
    percentile(
      samples.map((s) => s.ms),
      50,
    ),
  ),
  p99: Math.round(
    percentile(
      samples.map((s) => s.ms),
      99,
    ),
  ),
});

export interface LoadFigures {
  connections: number;
  seconds: number;
  smtpDown: [number, number];
  pages: TrafficResult;
  leads: LeadResult;
  invalid: TrafficResult;
  stored: number;
  deliveredAtOnce: number;
  deliveredAfterResend: number;
  mailsReceived: number;
  rssStartMb: number;
  rssEndMb: number;
  calibration: { connections: number; rps: number; p99: number; ok: boolean }[];
}

const fivexx = (r: TrafficResult) =>
  Object.entries(r.statuses)
    .filter(([s]) => s.startsWith("5"))
    .reduce((n, [, c]) => n + c, 0);

/** What became of a lead that is not in the store, as a report names it. */
const fate = (a: LeadAttempt) => `${a.email} (${a.status ?? a.error ?? "no answer"})`;

/** The leads the generator sent that were not answered 201, and the 5xx answers to valid requests. */
export function leadCounts(f: LoadFigures) {
  const attempts = f.leads.attempts;
  const unanswered = attempts.filter((a) => a.status === undefined);
  const leads5xx = attempts.filter((a) => a.status !== undefined && a.status >= 500);
  return {
    attempted: attempts.length,
    answered: attempts.length - unanswered.length,
    unanswered: unanswered.length,
    notCreated: attempts.filter((a) => a.status !== 201),
    leads5xx: leads5xx.length,
    pages5xx: fivexx(f.pages),
    /** Every lead sent that is not in the store (its 201 notwithstanding). */
    lost: attempts.length - f.stored,
  };
}

export function judge(f: LoadFigures): string[] {
  const broken: string[] = [];
  const c = leadCounts(f);
  if (c.lost > LOAD_BUDGET.lostLeads) {
    const named = c.notCreated.slice(0, 5).map(fate);
    if (c.notCreated.length > named.length) named.push(`${c.notCreated.length - named.length} more`);
    const created = f.leads.attempts.length - c.notCreated.length;
    if (created > f.stored) named.push(`${created - f.stored} answered 201 but not in the store`);
    broken.push(`${c.lost} of ${c.attempted} valid leads were lost: ${named.join(", ")}`);
  }
  if (f.deliveredAfterResend < f.stored)
    broken.push(`${f.stored - f.deliveredAfterResend} stored leads were never delivered`);
  const serverErrors = c.pages5xx + c.leads5xx;
  if (serverErrors > LOAD_BUDGET.serverErrors)
    broken.push(`${serverErrors} 5xx answers to valid requests (pages ${c.pages5xx}, leads ${c.leads5xx})`);
  // autocannon's totals over the whole page run (its ramp too); a timeout counts as an error.
  if (f.pages.errors)
    broken.push(`${f.pages.errors} page requests got no answer (${f.pages.timeouts} timed out)`);
  const working = f.leads.samples.filter(
    (s) => s.at < f.smtpDown[0] * 1000 || s.at > (f.smtpDown[1] + 2) * 1000,
  );
  const p99 = latency(working).p99;
  if (p99 > LOAD_BUDGET.leadP99Ms)
    broken.push(`lead p99 ${p99} ms > ${LOAD_BUDGET.leadP99Ms} ms while SMTP works`);
  if (f.rssEndMb > f.rssStartMb * LOAD_BUDGET.rssGrowth) {
    broken.push(
      `server memory grew from ${f.rssStartMb} MB to ${f.rssEndMb} MB (more than ${LOAD_BUDGET.rssGrowth}x)`,
    );
  }
  return broken;
}

/**
 * How the page connection count was chosen. The calibration stops at its largest step: when that
 * one was sustained, the server may sustain more, and the report does not claim it is the most.
 */
export function calibrationText(calibration: LoadFigures["calibration"]): string {
  const sustained = calibration.filter((c) => c.ok);
  const failed = calibration.find((c) => !c.ok);
  const rule = `no failure and p99 within ${SUSTAINED_P99_MS} ms, in the calibration below`;
  const best = sustained[sustained.length - 1];
  if (!best) return `${calibration[0]?.connections}, the smallest step tried; none was sustained (${rule})`;
  if (!failed)
    return `${best.connections}, the largest step tried, was sustained (${rule}); the steps stop there, so the server may sustain more`;
  return `${best.connections}, the most the server sustained of the steps tried (${failed.connections} was not; ${rule})`;
}

const statusList = (r: TrafficResult) =>
  Object.entries(r.statuses)
    .sort()
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ") + (r.errors ? `, connection errors: ${r.errors}` : "");

export function markdown(f: LoadFigures, broken: string[], when: string): string {
  const rps = (r: TrafficResult) => (r.requests / f.seconds).toFixed(0);
  const c = leadCounts(f);
  const [down, up] = f.smtpDown;
  const windows = {
    "SMTP up": f.leads.samples.filter((s) => s.at < down * 1000),
    "SMTP down": f.leads.samples.filter((s) => s.at >= down * 1000 && s.at <= up * 1000),
    "SMTP back": f.leads.samples.filter((s) => s.at > up * 1000),
  };
  return [
    `Measured ${when} on this project's 2-core machine (generator, server, PostgreSQL and SMTP on the same host): ${f.seconds} s at ${f.connections} page connections (${calibrationText(f.calibration)}), after 3 s of leads to warm the endpoint up and with the page connections opened 3 s before the minute (neither counted), 20 valid leads a second (one every 50 ms) from distinct addresses, invalid requests from one shared address, SMTP stopped from ${down} s to ${up} s.`,
    "",
    "| Traffic | Requests/s | p50 | p99 | Answers by status |",
    "| --- | --- | --- | --- | --- |",
    `| Pages | ${rps(f.pages)} | ${latency(f.pages.samples).p50} ms | ${latency(f.pages.samples).p99} ms | ${statusList(f.pages)} |`,
    `| Leads (all) | ${rps(f.leads)} | ${latency(f.leads.samples).p50} ms | ${latency(f.leads.samples).p99} ms | ${statusList(f.leads)} |`,
    ...Object.entries(windows).map(
      ([name, s]) =>
        `| Leads, ${name} | ${(s.length / (name === "SMTP down" ? up - down : down)).toFixed(0)} | ${latency(s).p50} ms | ${latency(s).p99} ms | ${s.length} |`,
    ),
    `| Invalid requests | ${rps(f.invalid)} | ${latency(f.invalid.samples).p50} ms | ${latency(f.invalid.samples).p99} ms | ${statusList(f.invalid)} |`,
    "",
    "| Leads | Count |",
    "| --- | --- |",
    `| Attempted (valid) | ${c.attempted} |`,
    `| No answer (a connection error, a timeout, or none) | ${c.unanswered} |`,
    `| Answered 5xx | ${c.leads5xx} |`,
    `| Answered 201 | ${f.leads.statuses["201"] ?? 0} |`,
    `| Stored in PostgreSQL | ${f.stored} |`,
    `| Delivered at once (with or right after the visitor's answer) | ${f.deliveredAtOnce} |`,
    `| Delivered after the re-send | ${f.deliveredAfterResend} |`,
    `| Emails the SMTP server received (distinct requests) | ${f.mailsReceived} |`,
    `| Lost (attempted, not stored) | ${c.lost} |`,
    "",
    `5xx on valid requests: ${c.pages5xx + c.leads5xx} (pages ${c.pages5xx}, leads ${c.leads5xx}). Page requests with no answer (a connection error or a timeout): ${f.pages.errors}.`,
    "",
    `Server memory (resident, the server's process group): ${f.rssStartMb} MB at the start of the run, ${f.rssEndMb} MB at its end (3 s after the traffic stopped, once the last deliveries had gone out).`,
    "",
    "Calibration (4 s each, pages only): " +
      f.calibration
        .map(
          (c) =>
            `${c.connections} connections ${c.rps} req/s p99 ${c.p99} ms${c.ok ? "" : " (not sustained)"}`,
        )
        .join("; ") +
      ".",
    "",
    broken.length ? `**Budgets broken:** ${broken.join("; ")}.` : "Every budget held.",
  ].join("\n");
}

const START = "<!-- load:start -->";
const END = "<!-- load:end -->";

/** Replaces the figures between the markers of `file`. */
export async function writeFigures(file: string, text: string): Promise<void> {
  const doc = fs.readFileSync(file, "utf8");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${file} has no ${START} ... ${END} section`);
  const updated = `${doc.slice(0, start + START.length)}\n\n${text}\n\n${doc.slice(end)}`;
  // Formatted as the repository's format check wants it (its tables padded).
  const options = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
}
