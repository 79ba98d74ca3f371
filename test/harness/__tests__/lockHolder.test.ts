/** @jest-environment node */
/**
 * The store tests' lock holder (test/harness/lockHolder.ts) is a second process that holds the
 * lead store's maintenance lock until the test kills it. A test run that ends before it does
 * (interrupted, killed, failing) must not leave it holding the lock on the developer's machine.
 */
import fs from "node:fs";
import { tempOutbox } from "../../consultation";
import { waitFor } from "../wait";
import { requireHarness, startRun } from "./runs";

const holders: number[] = [];
const outboxes: { cleanup(): void }[] = [];
// A test that failed leaves its holder running: end it.
afterEach(() => {
  for (const pid of holders.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone, as it should be
    }
  }
  outboxes.splice(0).forEach((outbox) => outbox.cleanup());
});

/** Running, not a zombie waiting to be reaped. */
const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

test.each(["SIGTERM", "SIGKILL"] as const)(
  "a run ended by %s while its lock holder holds the lock takes the holder with it",
  async (signal) => {
    const outbox = tempOutbox();
    outboxes.push(outbox);
    const run = await startRun(
      `
const { lockTaken, spawnLockHolder } = ${requireHarness("lockHolder.ts")};
const holder = spawnLockHolder({ CONSULTATION_OUTBOX: ${JSON.stringify(outbox.file)} }, 60000);
lockTaken(holder).then(() => console.log("holder " + holder.pid));
setInterval(() => undefined, 1000);
`,
      /holder \d+/,
    );
    const holder = Number(run.printed.split(" ")[1]);
    holders.push(holder);
    expect(alive(holder)).toBe(true);
    run.process.kill(signal);
    expect(await run.ended).toEqual({ code: null, signal });
    await waitFor(async () => !alive(holder), `the lock holder ${holder} still runs`);
  },
);
