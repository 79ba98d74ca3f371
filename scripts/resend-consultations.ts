/**
 * Re-sends consultation requests whose delivery failed: `npm run consultation:resend`.
 * Reads the same variables as the endpoint (CONSULTATION_OUTBOX, SMTP_URL, CONSULTATION_TO,
 * CONSULTATION_FROM, CONSULTATION_WEBHOOK_URL, ...). Exits 1 while any request still fails.
 */
import { readConfig } from "../src/server/consultation/config";
import { resendFailed } from "../src/server/consultation/resend";

async function main() {
  const config = readConfig(process.env);
  const report = await resendFailed(config);
  if (report.attempted.length === 0) {
    console.log(`No failed consultation requests in ${config.outbox}.`);
    return;
  }
  for (const record of report.delivered) console.log(`re-sent ${record.id} (${record.status})`);
  for (const record of report.stillFailing) console.error(`still failing ${record.id}: ${record.reason}`);
  console.log(
    `${report.delivered.length} of ${report.attempted.length} request(s) delivered; ${report.stillFailing.length} still failing.`,
  );
  if (report.stillFailing.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
