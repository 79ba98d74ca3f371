import { readConfig } from "../../src/server/consultation/config";
import { runResend } from "../../src/server/consultation/resend";
import { missingChannelConfig } from "../../src/server/consultation/resend";
import { processStore } from "../../src/server/consultation/stores";

/**
 * `npm start` re-sends, every CONSULTATION_RESEND_INTERVAL_MINUTES (5 unless set; 0 turns it
 * off), what a channel did not take within a visitor's request: the same run as `npm run
 * consultation:resend`, on this process's store (the one the function uses), so one machine needs
 * no cron job for it. Nothing runs while no channel is configured (the outbox is then the
 * delivery). Returns the function that stops it.
 */
export function scheduleResend(log: Pick<Console, "log" | "error"> = console): () => void {
  const config = readConfig();
  if (!config.resendIntervalMinutes || missingChannelConfig(config)) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const current = readConfig();
    runResend(processStore(current), current)
      .then(({ lines, exitCode }) => {
        if (lines[0]?.startsWith("No failed")) return;
        for (const line of lines) (exitCode ? log.error : log.log)(`resend: ${line}`);
      })
      .finally(() => (running = false));
  }, config.resendIntervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
