/**
 * `npm run serve` (and the second half of `npm start`): serves the last build on one machine the
 * way the CDN serves the deploy (scripts/siteServer/), delivers a saved consultation request right
 * after its answer, and re-sends requests a channel did not take, on a schedule
 * (scripts/siteServer/resendSchedule.ts).
 *
 *   PORT=9000 HOST=localhost npm run serve       # or: tsx scripts/serve.ts --port 9000 --host 0.0.0.0
 */
import { createSiteServer, hasBuild } from "./siteServer";
import { scheduleResend } from "./siteServer/resendSchedule";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const root = process.cwd();
  // This process outlives each answer: a saved request's delivery follows the visitor's answer
  // instead of keeping them waiting for the mail server (src/server/consultation/intake.ts).
  process.env.CONSULTATION_DELIVER_AFTER_ANSWER ??= "true";
  if (!hasBuild(root)) {
    console.error("serve: public/_redirects is missing; run `npm run build` first (npm start does both)");
    process.exit(1);
  }
  const port = Number(option("port") ?? process.env.PORT ?? 9000);
  const host = option("host") ?? process.env.HOST ?? "localhost";
  const server = await createSiteServer({ root });
  server.listen(port, host, () => {
    console.log(`You can now view the site in the browser at http://${host}:${port}/`);
  });
  scheduleResend();
}

main().catch((error) => {
  console.error(`serve: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
