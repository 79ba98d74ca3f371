/**
 * Re-sends consultation requests whose delivery failed: `npm run consultation:resend`.
 * Reads the same variables as the endpoint (DATABASE_URL or CONSULTATION_OUTBOX, SMTP_URL,
 * CONSULTATION_TO, CONSULTATION_FROM, CONSULTATION_WEBHOOK_URL, ...). Exits 1 while any request
 * still fails, and 2 without a delivery channel or while another re-send or prune runs.
 */
import { readConfig } from "../src/server/consultation/config";
import { missingChannelConfig, resendFailed } from "../src/server/consultation/resend";
import { openStore } from "../src/server/consultation/stores";

async function main() {
  const config = readConfig(process.env);
  const missing = missingChannelConfig(config);
  if (missing) {
    console.error(`Not re-sending: ${missing}. Failed requests stay as they are.`);
    process.exitCode = 2;
    return;
  }
  const store = openStore(config);
  try {
    const report = await resendFailed(store, config);
    if (report.attempted.length === 0) {
      console.log(`No failed consultation requests in ${store.description}.`);
      return;
    }
    for (const record of report.delivered) console.log(`re-sent ${record.id} (${record.status})`);
    for (const record of report.stillFailing) console.error(`still failing ${record.id}: ${record.reason}`);
    console.log(
      `${report.delivered.length} of ${report.attempted.length} request(s) delivered; ${report.stillFailing.length} still failing.`,
    );
    if (report.stillFailing.length) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
