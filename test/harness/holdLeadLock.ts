/**
 * Takes the lead store's maintenance lock (as a re-send or prune run does) and holds it until
 * killed, or until the test that started it ends (test/harness/lockHolder.ts): store tests use it
 * as a live second process. Reads the endpoint's variables, and HOLD_LEASE_MS for a lease shorter
 * than the store's default.
 */
import { readConfig } from "../../src/server/consultation/config";
import { openStore } from "../../src/server/consultation/stores";

// The test's end, however it ends, closes this process's standard input.
process.stdin.on("end", () => process.exit(0)).resume();

const leaseMs = Number(process.env.HOLD_LEASE_MS) || undefined;
const store = openStore(readConfig(process.env), console, { leaseMs });
store
  .exclusive(
    () =>
      new Promise<void>(() => {
        process.stdout.write("locked\n");
        setInterval(() => undefined, 60_000); // stay alive until killed
      }),
  )
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
