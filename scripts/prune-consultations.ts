/**
 * Deletes consultation requests the privacy notice says we no longer keep:
 * `npm run consultation:prune`. Spam after 30 days; enquiries 24 months after the last contact
 * (src/server/consultation/retention.ts). Reads DATABASE_URL or CONSULTATION_OUTBOX like the
 * endpoint. Run it daily from cron, next to the re-send. Exits 2 while a re-send or prune runs.
 */
import { readConfig } from "../src/server/consultation/config";
import { pruneLeads } from "../src/server/consultation/retention";
import { MAINTENANCE_TIMEOUTS } from "../src/server/consultation/postgres/connection";
import { openStore } from "../src/server/consultation/stores";

async function main() {
  const config = readConfig(process.env);
  const store = openStore(config, console, { timeouts: MAINTENANCE_TIMEOUTS });
  try {
    const report = await pruneLeads(store, config.rateLimit);
    console.log(
      `${report.spam + report.enquiries} request(s) deleted from ${store.description}: ${report.spam} spam older than 30 days, ${report.enquiries} enquiries last contacted more than 24 months ago.`,
    );
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
