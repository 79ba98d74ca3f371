import { clientAddress, rateKeys, type AddressedRequest } from "./clientAddress";
import type { Deps } from "./deps";
import { limited } from "./fallback";
import { redact } from "./log";
import { phases } from "./phases";
import { invalidLimit } from "./rateLimit";
import { tooMany, type HealthReport, type Reply } from "./replies";

/**
 * GET /api/health, for uptime monitors: 200 when the lead store answers and no lead is stuck
 * (has reached no channel CONSULTATION_ALERT_AFTER_MINUTES after it arrived: the re-send's alert
 * counts the same, alerts.ts), 503 otherwise. The body is counts and ages only: no visitor's
 * details, no store address, no configuration. A monitor may poll it often, so it is cheap: one
 * count in the store, cacheable for a few seconds, and rate limited per client by the form's
 * limiter with the allowance of invalid requests (20 times the form's, at least 100 per window),
 * in a bucket of its own so that polling never uses up a visitor's.
 */

/** How long a monitor, a proxy or the CDN may keep an answer. */
export const HEALTH_MAX_AGE_SECONDS = 5;

const answer = (status: number, body: HealthReport): Reply => ({
  status,
  headers: { "Cache-Control": `public, max-age=${HEALTH_MAX_AGE_SECONDS}` },
  body,
});

export async function handleHealth(req: AddressedRequest & { method?: string }, deps: Deps): Promise<Reply> {
  const method = (req.method ?? "").toUpperCase();
  if (method !== "GET" && method !== "HEAD") {
    return { status: 405, headers: { Allow: "GET, HEAD" }, body: { error: "Use GET." } };
  }
  const { config, store, log } = deps;
  const time = phases(config);
  const limit = invalidLimit(config.rateLimit);
  const take = await limited(
    deps,
    time.store,
    rateKeys(clientAddress(req, config), limit, "health:"),
    limit.windowMs,
  );
  if (!take.allowed) return tooMany(take.retryAfterSeconds);

  const now = deps.now();
  const stuckAfterSeconds = Math.round(config.alert.afterMs / 1000);
  try {
    const backlog = await time.answer.within("the lead store", store.backlog(now - config.alert.afterMs));
    const oldest = backlog.oldestWaiting
      ? Math.max(0, Math.floor((now - Date.parse(backlog.oldestWaiting)) / 1000))
      : null;
    return answer(backlog.stuck ? 503 : 200, {
      status: backlog.stuck ? "stuck" : "ok",
      waiting: backlog.waiting,
      stuck: backlog.stuck,
      oldestWaitingSeconds: oldest,
      stuckAfterSeconds,
    });
  } catch (error) {
    log.error(`health: ${store.description} did not answer: ${redact(String(error))}`);
    return answer(503, {
      status: "store-unreachable",
      waiting: null,
      stuck: null,
      oldestWaitingSeconds: null,
      stuckAfterSeconds,
    });
  }
}
