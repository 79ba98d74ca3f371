/** @jest-environment node */
/**
 * The load run's verdict (scripts/load/report.ts `judge`) and its report: every lead the
 * generator attempted is counted, and one that got no answer, a connection error, a timeout or a
 * 5xx breaks the budgets.
 */
// writeFigures formats with Prettier, which Jest's module system cannot load (its dynamic imports);
// nothing here writes a file.
jest.mock("prettier", () => ({}));

import { calibrationText, judge, markdown, type LoadFigures } from "../report";
import type { LeadAttempt, LeadResult, Sample, TrafficResult } from "../traffic";

const statusesOf = (samples: Sample[]) => {
  const statuses: Record<string, number> = {};
  for (const s of samples) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  return statuses;
};

const traffic = (samples: Sample[], extra: Partial<TrafficResult> = {}): TrafficResult => ({
  requests: samples.length,
  durationS: 60,
  samples,
  statuses: statusesOf(samples),
  errors: 0,
  timeouts: 0,
  ids: [],
  ...extra,
});

/** 60 leads, one a second, each answered 201 in `ms` (120 unless changed), SMTP down from 20 s to 40 s. */
const goodAttempts = (): LeadAttempt[] =>
  Array.from({ length: 60 }, (_, i) => ({
    email: `load-${i + 1}@load.example`,
    at: i * 1000,
    status: 201,
    ms: 120,
  }));

/** The figures of a run whose leads went as `attempts` say; every lead answered 201 was stored and delivered. */
function figures(attempts: LeadAttempt[], change: Partial<LoadFigures> = {}): LoadFigures {
  const answered = attempts.filter((a) => a.status !== undefined);
  const samples = answered.map((a) => ({ at: a.at, ms: a.ms ?? 0, status: a.status! }));
  const errors = attempts.filter((a) => a.error !== undefined).length;
  const timeouts = attempts.filter((a) => a.error === "timeout").length;
  const created = answered.filter((a) => a.status === 201).length;
  const leads: LeadResult = {
    ...traffic(samples, { errors, timeouts }),
    ids: answered.filter((a) => a.status === 201).map((_, i) => `id-${i}`),
    attempts,
  };
  const pageSamples = Array.from({ length: 600 }, (_, i) => ({ at: i * 100, ms: 50, status: 200 }));
  return {
    connections: 128,
    seconds: 60,
    smtpDown: [20, 40],
    pages: traffic(pageSamples),
    leads,
    invalid: traffic([{ at: 0, ms: 80, status: 400 }]),
    stored: created,
    deliveredAtOnce: created,
    deliveredAfterResend: created,
    mailsReceived: created,
    rssStartMb: 280,
    rssEndMb: 270,
    calibration: [
      { connections: 64, rps: 3600, p99: 47, ok: true },
      { connections: 128, rps: 2200, p99: 145, ok: true },
    ],
    ...change,
  };
}

test("a run whose every lead was answered 201, stored and delivered in time holds every budget", () => {
  const f = figures(goodAttempts());
  expect(judge(f)).toEqual([]);
  const text = markdown(f, judge(f), "2026-01-01");
  expect(text).toContain("Every budget held.");
  expect(text).toContain("5xx on valid requests: 0");
  expect(text).toMatch(/\| Attempted \(valid\)\s*\| 60\s*\|/);
  expect(text).toMatch(/\| Lost \(attempted, not stored\)\s*\| 0\s*\|/);
});

test("a lead that got a connection error, timed out or no answer at all is lost, and named", () => {
  const attempts = goodAttempts();
  attempts[5] = { email: "load-6@load.example", at: 5000, error: "timeout" };
  attempts[30] = { email: "load-31@load.example", at: 30_000, error: "connection error" };
  attempts[59] = { email: "load-60@load.example", at: 59_000 };
  const f = figures(attempts);
  const broken = judge(f);
  expect(broken).not.toEqual([]);
  const text = broken.join("; ");
  expect(text).toContain("3 of 60 valid leads were lost");
  expect(text).toContain("load-6@load.example (timeout)");
  expect(text).toContain("load-31@load.example (connection error)");
  expect(text).toContain("load-60@load.example (no answer)");
  const report = markdown(f, broken, "2026-01-01");
  expect(report).toMatch(/\| Attempted \(valid\)\s*\| 60\s*\|/);
  expect(report).toMatch(/\| Lost \(attempted, not stored\)\s*\| 3\s*\|/);
  expect(report).toContain("**Budgets broken:**");
});

test("a lead answered 201 that is not in the store is lost", () => {
  const f = figures(goodAttempts(), { stored: 59, deliveredAfterResend: 59 });
  expect(judge(f).join("; ")).toContain("1 of 60 valid leads were lost");
});

test("a 5xx answer to a valid lead or page breaks the budget and is counted on its own", () => {
  const attempts = goodAttempts();
  attempts[10] = { ...attempts[10], status: 503 };
  const lead5xx = figures(attempts);
  expect(judge(lead5xx).join("; ")).toMatch(/1 5xx answers? to valid requests/);
  expect(judge(lead5xx).join("; ")).toContain("load-11@load.example (503)");
  expect(markdown(lead5xx, judge(lead5xx), "2026-01-01")).toContain("5xx on valid requests: 1");

  const good = figures(goodAttempts());
  const page5xx = figures(goodAttempts(), {
    pages: traffic([...good.pages.samples, { at: 100, ms: 30, status: 500 }]),
  });
  expect(judge(page5xx).join("; ")).toMatch(/1 5xx answers? to valid requests/);
  expect(markdown(page5xx, judge(page5xx), "2026-01-01")).toContain("5xx on valid requests: 1");
});

test("a page request that got a connection error or timed out breaks the budget", () => {
  const good = figures(goodAttempts());
  const f = figures(goodAttempts(), { pages: { ...good.pages, errors: 2, timeouts: 1 } });
  expect(judge(f).join("; ")).toContain("2 page requests got no answer (1 timed out)");
});

test("the lead p99 over 500 ms while SMTP works breaks the budget; while SMTP is down it does not", () => {
  const slowUp = goodAttempts().map((a) => (a.at < 20_000 ? { ...a, ms: 700 } : a));
  expect(judge(figures(slowUp)).join("; ")).toMatch(/lead p99 700 ms > 500 ms while SMTP works/);

  const slowDown = goodAttempts().map((a) => (a.at >= 20_000 && a.at <= 40_000 ? { ...a, ms: 700 } : a));
  expect(judge(figures(slowDown))).toEqual([]);
});

test("the calibration says the largest step tried was sustained, not that it is the most the server sustains", () => {
  const all = figures(goodAttempts()).calibration;
  expect(calibrationText(all)).toContain("128, the largest step tried, was sustained");
  expect(calibrationText(all)).not.toContain("the most the server sustained");
  const stopped = [...all, { connections: 256, rps: 1900, p99: 400, ok: false }];
  expect(calibrationText(stopped)).toContain(
    "128, the most the server sustained of the steps tried (256 was not;",
  );
});
