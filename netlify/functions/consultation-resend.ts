/**
 * On Netlify, the re-send as a scheduled function: every ten minutes it delivers again what a
 * channel did not take within a visitor's request (the same run as `npm run
 * consultation:resend`), and once a day, at 03:00 UTC, it also deletes what the retention policy
 * says must go (`npm run consultation:prune`). Netlify finds it in netlify/functions/ and reads
 * the schedule from the `schedule()` call. It reads the site's environment variables, like the
 * consultation function: DATABASE_URL is what it works on (docs/deploying.md). Each run is a fresh
 * process as far as it knows: what it must remember between runs (an alert already sent for stuck
 * leads) is in the store. Its lead events are JSON lines in the function's log (docs/leads.md).
 */
import { schedule } from "@netlify/functions";
import { readConfig } from "../../src/server/consultation/config";
import { processLog } from "../../src/server/consultation/log";
import { MAINTENANCE_TIMEOUTS } from "../../src/server/consultation/postgres/connection";
import { runResend } from "../../src/server/consultation/resend";
import { pruneLeads } from "../../src/server/consultation/retention";
import { openStore } from "../../src/server/consultation/stores";

/** One run, as if started at `now`: its clock ticks on from there. */
export async function resendAndPrune(now = new Date()): Promise<string[]> {
  const config = readConfig();
  const store = openStore(config, processLog(), { timeouts: MAINTENANCE_TIMEOUTS });
  const offset = now.getTime() - Date.now();
  try {
    const { lines } = await runResend(store, config, { now: () => Date.now() + offset });
    if (now.getUTCHours() === 3 && now.getUTCMinutes() < 10) {
      const pruned = await pruneLeads(store, config.rateLimit, now.getTime());
      lines.push(`pruned ${pruned.spam} spam and ${pruned.enquiries} enquiries`);
    }
    for (const line of lines) console.log(`consultation-resend: ${line}`);
    return lines;
  } finally {
    await store.close();
  }
}

export const handler = schedule("*/10 * * * *", async () => {
  await resendAndPrune();
  return { statusCode: 200 };
});
