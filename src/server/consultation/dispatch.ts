import { deliver } from "./delivery";
import type { Deps } from "./deps";
import { logDelivery, redact, type LeadLog } from "./log";
import type { Phases } from "./phases";
import { reachedAnyChannel, type OutboxRecord } from "./record";
import { accepted, NOT_SENT, type Reply } from "./replies";

/**
 * Steps 2 and 3 of intake.ts for a request the store has saved: delivery by every channel, then
 * its result saved, either before the visitor's answer (a serverless function, whose instance may
 * be frozen once it has answered) or after it (a long-lived server: CONSULTATION_DELIVER_AFTER_ANSWER),
 * with the same time limits either way.
 */

/** Delivery by every channel within the request's time, then its result saved: the answer. */
export async function deliverAndSave(record: OutboxRecord, deps: Deps, time: Phases): Promise<Reply> {
  const { config, store, log } = deps;
  const next = await deliver(record, config, { deadline: time.delivery });
  logDelivery(log, record, next);
  const reached = reachedAnyChannel(next);
  const save = (snapshot: OutboxRecord) => time.answer.within("saving the delivery", store.update(snapshot));
  if (!config.durable && !reached) {
    // Nothing keeps this request beyond this instance: do not tell the visitor it was received.
    const why =
      next.status === "stored"
        ? "no delivery channel is configured (SMTP_URL with CONSULTATION_TO, or CONSULTATION_WEBHOOK_URL)"
        : `every channel failed (${next.reason})`;
    log.error(
      { event: "refused", leadId: record.id, reason: redact(why) },
      `answered 503: this is a serverless runtime (${config.serverless} is set) where ${store.description} does not outlive the instance. Set DATABASE_URL to a PostgreSQL database to keep requests durably.`,
    );
    await save({ ...next, status: "refused", reason: why }).catch((error) =>
      log.error({ leadId: record.id }, `could not record the request as refused: ${redact(String(error))}`),
    );
    return NOT_SENT;
  }
  try {
    await save(next);
  } catch (error) {
    // The request is saved as "pending"; the re-send picks it up once it is stale.
    log.error({ leadId: record.id }, `could not record the delivery: ${redact(String(error))}`);
  }
  if (next.status === "failed" && !config.durable) {
    log.warn(
      { leadId: record.id },
      `the failed channel is not retried: ${store.description} does not outlive this serverless instance`,
    );
  }
  return accepted(record.id);
}

/**
 * `deliverAndSave`, started on the next turn of the event loop, once the answer has been handed
 * over. The request is saved, so if this process stops first it is left `pending` and the
 * re-send takes it.
 */
export function deliverAfterAnswer(record: OutboxRecord, deps: Deps, time: Phases): void {
  afterAnswer(
    new Promise((resolve) => setImmediate(resolve)).then(() => deliverAndSave(record, deps, time)),
    record.id,
    deps.log,
  );
}

/** Deliveries that went on after their answer, until each has saved its result. */
const inFlight = new Set<Promise<unknown>>();

function afterAnswer(work: Promise<unknown>, id: string, log: LeadLog): void {
  const tracked = work
    .catch((error) => log.error({ leadId: id }, `delivery after the answer failed: ${redact(String(error))}`))
    .finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** Resolves once every delivery that went on after its answer has finished (tests, shutdown). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
