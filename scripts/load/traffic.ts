import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { issueFormToken } from "../../src/server/consultation/formToken";
import { validRequest } from "../../test/consultation";

/**
 * The traffic of `npm run load`, made by autocannon (loopback only, bounded by a duration): pages
 * at a given number of connections, valid leads at a fixed rate from distinct addresses, and
 * invalid requests from one shared address.
 */

export interface Sample {
  /** ms since the run started. */
  at: number;
  ms: number;
  status: number;
}

export interface TrafficResult {
  requests: number;
  durationS: number;
  samples: Sample[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  /** The ids the server gave the valid leads it accepted (201). */
  ids: string[];
}

/** A lead the generator sent, with what became of it. */
export interface LeadAttempt {
  /** The lead's email address (each lead has its own). */
  email: string;
  /** ms since the run started, when it was sent. */
  at: number;
  /** The answer's status; none when the request got no answer. */
  status?: number;
  /** The answer's time in ms. */
  ms?: number;
  /** Why there was no answer, as autocannon reported it; neither this nor a status: no answer at all. */
  error?: "timeout" | "connection error";
}

/** Valid leads: the answers, and every lead sent, answered or not. */
export interface LeadResult extends TrafficResult {
  attempts: LeadAttempt[];
}

type Request = NonNullable<autocannon.Options["requests"]>[number];

/** What a run with one connection tells about its current request besides the counts. */
interface Outcome {
  response(status: number, ms: number): void;
  error(error: Error): void;
}

function run(
  options: autocannon.Options,
  started: number,
  ids?: string[],
  outcome?: Outcome,
): Promise<TrafficResult> {
  const samples: Sample[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...options }, (error, result) => {
      if (error) return reject(error);
      const statuses: Record<string, number> = {};
      for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
      resolve({
        requests: samples.length,
        durationS: result.duration,
        samples,
        statuses,
        errors: result.errors,
        timeouts: result.timeouts,
        ids: ids ?? [],
      });
    });
    instance.on("response", (_client, status, _bytes, ms) => {
      samples.push({ at: Date.now() - started, ms, status });
      outcome?.response(status, ms);
    });
    // A connection error or a timeout (autocannon counts a timeout as an error too).
    instance.on("reqError", (error: Error) => outcome?.error(error));
  });
}

/**
 * The part of a run from `ms` after its start on (what came before, a ramp, is not counted):
 * its samples, requests and answers by status. Errors and timeouts are autocannon's totals.
 */
export function from(result: TrafficResult, ms: number): TrafficResult {
  const samples = result.samples.filter((s) => s.at >= ms);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return { ...result, samples, statuses, requests: samples.length };
}

/** Pages, round robin, on `connections` connections for `seconds`. */
export function pages(
  url: string,
  paths: string[],
  connections: number,
  seconds: number,
  started = Date.now(),
) {
  const requests: Request[] = paths.map((path) => ({ method: "GET", path }));
  return run({ url, connections, duration: seconds, requests }, started);
}

let address = 0;
/** A client address of its own for each lead (the server trusts one X-Forwarded-For hop). */
const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/**
 * Valid leads, `rate` a second, evenly spaced, each from a new address, each with a form token
 * the server issued a minute before (signed with the server's CONSULTATION_SECRET, which the run
 * sets). autocannon limits a rate per connection and per second: each connection sends its quota
 * back to back when its second starts, and the connections' seconds start together, so one
 * instance at `overallRate: 20` on 10 connections sent 10 leads in the same millisecond every
 * second. Here `rate` instances of one connection and one lead a second start 1/rate s apart.
 *
 * Every lead sent is in `attempts` with its answer, its error (a connection error or a timeout)
 * or neither. Each instance sends `seconds` leads (autocannon's `amount`, not a duration: a
 * duration's end drops the request in flight without a word) and ends once the last one is
 * answered or has failed.
 */
export async function leads(
  url: string,
  secret: string,
  rate: number,
  seconds: number,
  started: number,
): Promise<LeadResult> {
  const ids: string[] = [];
  const attempts: LeadAttempt[] = [];
  const instance = () => {
    // One connection sends one lead at a time: its answer or error is that of its latest lead.
    let current: LeadAttempt | undefined;
    const request: Request = {
      method: "POST",
      path: "/api/consultation",
      setupRequest: (req) => {
        const n = address + 1;
        const email = `load-${n}-${randomBytes(3).toString("hex")}@load.example`;
        current = { email, at: Date.now() - started };
        attempts.push(current);
        const body = validRequest({ email, formToken: issueFormToken(secret, Date.now() - 60_000) });
        return {
          ...req,
          headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
          body: JSON.stringify(body),
        };
      },
      onResponse: (status, body) => {
        if (status === 201) ids.push((JSON.parse(body) as { id: string }).id);
      },
    };
    const outcome: Outcome = {
      response: (status, ms) => {
        if (current && current.status === undefined) Object.assign(current, { status, ms });
      },
      // An error after the lead's answer (on the idle connection) is not the lead's.
      error: (error) => {
        if (current && current.status === undefined && current.error === undefined)
          current.error = /timed out/.test(error.message) ? "timeout" : "connection error";
      },
    };
    return { request, outcome };
  };
  // Each start is timed from the first (a busy generator fires late timers together; a chain of
  // waits would add their delays up).
  const first = Date.now();
  const runs = Array.from({ length: rate }, async (_, i) => {
    await new Promise((r) => setTimeout(r, first + (i * 1000) / rate - Date.now()));
    const { request, outcome } = instance();
    return run(
      { url, connections: 1, connectionRate: 1, amount: seconds, requests: [request] },
      started,
      ids,
      outcome,
    );
  });
  return { ...merge(await Promise.all(runs)), attempts };
}

/** One result of several runs of the same traffic side by side. */
function merge(results: TrafficResult[]): TrafficResult {
  const samples = results.flatMap((r) => r.samples).sort((a, b) => a.at - b.at);
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return {
    requests: samples.length,
    durationS: Math.max(...results.map((r) => r.durationS)),
    samples,
    statuses,
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    // The runs share one list.
    ids: results[0]?.ids ?? [],
  };
}

/** Invalid requests (an empty name, broken JSON, the wrong type), `rate` a second, all from one address. */
export function invalid(url: string, rate: number, seconds: number, started: number) {
  const headers = { "content-type": "application/json", "x-forwarded-for": "192.0.2.250" };
  const requests: Request[] = [
    {
      method: "POST",
      path: "/api/consultation",
      headers,
      body: JSON.stringify({ ...validRequest(), name: "" }),
    },
    { method: "POST", path: "/api/consultation", headers, body: '{"name": "half' },
    {
      method: "POST",
      path: "/api/consultation",
      headers: { ...headers, "content-type": "text/plain" },
      body: "hello",
    },
  ];
  return run({ url, connections: 2, overallRate: rate, duration: seconds, requests }, started);
}
