import fs from "node:fs";
import * as prettier from "prettier";
import type { Sample, TrafficResult } from "./traffic";

/** The figures of `npm run load`, its budgets, and the section of docs/reliability.md they fill. */

export const LOAD_BUDGET = {
  /** A valid lead that neither reached the store nor a channel. */
  lostLeads: 0,
  /** 5xx answers to valid requests (pages and leads). */
  serverErrors: 0,
  /** The lead endpoint's p99 while the mail server works. */
  leadP99Ms: 500,
  /** The server's resident memory at the end against the start of the measured run. */
  rssGrowth: 1.25,
};

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
  leads: TrafficResult;
  invalid: TrafficResult;
  stored: number;
  deliveredAtOnce: number;
  deliveredAfterResend: number;
  mailsReceived: number;
  rssStartMb: number;
  rssEndMb: number;
  calibration: { connections: number; rps: number; p99: number; ok: boolean }[];
}

export function judge(f: LoadFigures): string[] {
  const broken: string[] = [];
  const sent = f.leads.requests;
  const lost = sent - f.stored;
  if (lost > LOAD_BUDGET.lostLeads) broken.push(`${lost} of ${sent} valid leads were not stored`);
  if (f.deliveredAfterResend < f.stored)
    broken.push(`${f.stored - f.deliveredAfterResend} stored leads were never delivered`);
  const fivexx = [f.pages, f.leads].reduce(
    (n, r) =>
      n +
      Object.entries(r.statuses)
        .filter(([s]) => s.startsWith("5"))
        .reduce((m, [, c]) => m + c, 0),
    0,
  );
  if (fivexx > LOAD_BUDGET.serverErrors) broken.push(`${fivexx} 5xx answers to valid requests`);
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

const statusList = (r: TrafficResult) =>
  Object.entries(r.statuses)
    .sort()
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ") + (r.errors ? `, connection errors: ${r.errors}` : "");

export function markdown(f: LoadFigures, broken: string[], when: string): string {
  const rps = (r: TrafficResult) => (r.requests / f.seconds).toFixed(0);
  const [down, up] = f.smtpDown;
  const windows = {
    "SMTP up": f.leads.samples.filter((s) => s.at < down * 1000),
    "SMTP down": f.leads.samples.filter((s) => s.at >= down * 1000 && s.at <= up * 1000),
    "SMTP back": f.leads.samples.filter((s) => s.at > up * 1000),
  };
  return [
    `Measured ${when} on this project's 2-core machine (generator, server, PostgreSQL and SMTP on the same host): ${f.seconds} s at ${f.connections} page connections (the most the server sustained, no failure and p99 within 250 ms, in the calibration below), after 3 s of leads to warm the endpoint up and with the page connections opened 3 s before the minute (neither counted), 20 valid leads a second (one every 50 ms) from distinct addresses, invalid requests from one shared address, SMTP stopped from ${down} s to ${up} s.`,
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
    `| Sent (valid) | ${f.leads.requests} |`,
    `| Answered 201 | ${f.leads.statuses["201"] ?? 0} |`,
    `| Stored in PostgreSQL | ${f.stored} |`,
    `| Delivered at once (with or right after the visitor's answer) | ${f.deliveredAtOnce} |`,
    `| Delivered after the re-send | ${f.deliveredAfterResend} |`,
    `| Emails the SMTP server received (distinct requests) | ${f.mailsReceived} |`,
    `| Lost | ${f.leads.requests - f.stored} |`,
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
