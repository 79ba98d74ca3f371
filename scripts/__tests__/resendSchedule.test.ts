/** @jest-environment node */
import * as resend from "../../src/server/consultation/resend";
import type { ResendRun } from "../../src/server/consultation/resend";
import type { LeadStore } from "../../src/server/consultation/store";
import * as stores from "../../src/server/consultation/stores";
import { scheduleResend } from "../siteServer/resendSchedule";

/**
 * `npm start`'s re-send schedule (scripts/siteServer/resendSchedule.ts), on Jest's fake clock: it
 * runs the re-send every CONSULTATION_RESEND_INTERVAL_MINUTES, never two runs at once, logs what
 * a run did, and stops when told. The run itself (runResend) is a stand-in whose end the test
 * decides; what a real run does is scheduledResend.test.ts's and resend's own tests'.
 */

const MINUTE = 60_000;
const saved = { ...process.env };
const log = { log: jest.fn(), error: jest.fn() };
/** The runs started, each ended by calling its `end`. */
let runs: { end: (run: ResendRun) => Promise<void> }[];

beforeEach(() => {
  jest.useFakeTimers();
  for (const name of ["DATABASE_URL", "CONSULTATION_WEBHOOK_URL", "CONSULTATION_RESEND_INTERVAL_MINUTES"])
    delete process.env[name];
  Object.assign(process.env, {
    SMTP_URL: "smtp://127.0.0.1:2525",
    CONSULTATION_TO: "leads@copperline.example",
    CONSULTATION_OUTBOX: "/nonexistent/outbox.ndjson",
  });
  log.log.mockClear();
  log.error.mockClear();
  runs = [];
  jest.spyOn(stores, "processStore").mockReturnValue({ description: "the test store" } as LeadStore);
  jest.spyOn(resend, "runResend").mockImplementation(
    () =>
      new Promise<ResendRun>((resolve) => {
        runs.push({
          end: async (run) => {
            resolve(run);
            await jest.advanceTimersByTimeAsync(0); // lets the schedule see the run end
          },
        });
      }),
  );
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});

test("it runs the re-send every 5 minutes unless told otherwise, never two runs at once, and logs what each did", async () => {
  const stop = scheduleResend(log);
  await jest.advanceTimersByTimeAsync(5 * MINUTE - 1);
  expect(runs).toHaveLength(0);
  await jest.advanceTimersByTimeAsync(1);
  expect(runs).toHaveLength(1);
  expect(resend.runResend).toHaveBeenCalledWith({ description: "the test store" }, expect.anything());

  // The first run is still going when the next is due: the next is skipped, not started beside it.
  await jest.advanceTimersByTimeAsync(5 * MINUTE);
  expect(runs).toHaveLength(1);
  await runs[0].end({
    lines: ["re-sent a (delivered)", "1 of 1 request(s) delivered; 0 still failing."],
    exitCode: 0,
  });
  expect(log.log.mock.calls).toEqual([
    ["resend: re-sent a (delivered)"],
    ["resend: 1 of 1 request(s) delivered; 0 still failing."],
  ]);

  await jest.advanceTimersByTimeAsync(5 * MINUTE);
  expect(runs).toHaveLength(2);
  await runs[1].end({ lines: ["still failing b: email: down"], exitCode: 1 });
  expect(log.error).toHaveBeenCalledWith("resend: still failing b: email: down");

  // A run with nothing to send says nothing.
  await jest.advanceTimersByTimeAsync(5 * MINUTE);
  log.log.mockClear();
  await runs[2].end({ lines: ["No failed consultation requests in the test store."], exitCode: 0 });
  expect(log.log).not.toHaveBeenCalled();

  stop();
  await jest.advanceTimersByTimeAsync(60 * MINUTE);
  expect(runs).toHaveLength(3);
});

test("CONSULTATION_RESEND_INTERVAL_MINUTES sets the interval, 0 turns it off, and without a channel nothing runs", async () => {
  process.env.CONSULTATION_RESEND_INTERVAL_MINUTES = "2";
  let stop = scheduleResend(log);
  await jest.advanceTimersByTimeAsync(2 * MINUTE);
  expect(runs).toHaveLength(1);
  stop();

  process.env.CONSULTATION_RESEND_INTERVAL_MINUTES = "0";
  stop = scheduleResend(log);
  await jest.advanceTimersByTimeAsync(60 * MINUTE);
  expect(runs).toHaveLength(1);
  stop();

  delete process.env.CONSULTATION_RESEND_INTERVAL_MINUTES;
  delete process.env.SMTP_URL;
  stop = scheduleResend(log);
  await jest.advanceTimersByTimeAsync(60 * MINUTE);
  expect(runs).toHaveLength(1);
  stop();
});
