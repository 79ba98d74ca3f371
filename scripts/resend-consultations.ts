/**
 * Re-sends consultation requests whose delivery failed: `npm run consultation:resend`.
 * Reads the same variables as the endpoint (DATABASE_URL or CONSULTATION_OUTBOX, SMTP_URL,
 * CONSULTATION_TO, CONSULTATION_FROM, CONSULTATION_WEBHOOK_URL, ...). Exits 1 while any request
 * still fails, and 2 without a delivery channel or while another re-send or prune runs. Each lead
 * it tries is a JSON line of the lead log on standard output (docs/leads.md); the summary follows,
 * as text; it alerts when leads are stuck, as every re-send does (alerts.ts).
 * `npm start` runs the same re-send every few minutes; docs/deploying.md says how to schedule it
 * on each host.
 */
import { readConfig } from "../src/server/consultation/config";
import { processLog } from "../src/server/consultation/log";
import { MAINTENANCE_TIMEOUTS } from "../src/server/consultation/postgres/connection";
import { runResend } from "../src/server/consultation/resend";
import { openStore } from "../src/server/consultation/stores";

async function main() {
  const config = readConfig(process.env);
  const store = openStore(config, processLog(), { timeouts: MAINTENANCE_TIMEOUTS });
  try {
    const { lines, exitCode } = await runResend(store, config);
    for (const line of lines)
      (exitCode === 2 || line.startsWith("still failing") ? console.error : console.log)(line);
    process.exitCode = exitCode;
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
