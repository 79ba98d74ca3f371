import { createHash, randomUUID } from "node:crypto";
import type { ConsultationRequest } from "../../../schemas/consultation";
import { rateKeys } from "./clientAddress";
import type { ConsultationConfig } from "./config";
import { Deadline } from "./deadline";
import { configuredChannels, deliver, reachedAnyChannel } from "./delivery";
import { formTokenAge } from "./formToken";
import { MemoryRateLimiter, type RateKey, type RateTake } from "./rateLimit";
import type { OutboxRecord } from "./record";
import {
  accepted,
  FORM_TOKEN,
  KEY_CONFLICT,
  NOT_SAVED,
  NOT_SENT,
  replayed,
  tooMany,
  type Reply,
} from "./replies";
import type { CreateResult, KeyLookup, LeadStore, Logger } from "./store";

/**
 * A well-formed request, from its spam check to the visitor's answer, within one deadline
 * (CONSULTATION_DEADLINE_MS, 4 s unless set):
 *
 * 1. The store comes first, within the first 45 % of the time: the idempotency key, the rate
 *    limit, then the request itself, saved before anything else happens to it. A store that
 *    fails or does not answer in time is left behind for this request (the rate limit then
 *    counts in this process's memory).
 * 2. Delivery gets what is left, the channels side by side, less a tenth kept for step 3. What
 *    did not go out is left `failed` and goes out with the re-send (`npm start` runs it every
 *    few minutes; elsewhere it is scheduled: docs/deploying.md).
 * 3. The delivery's result is saved.
 *
 * On a long-lived server (`npm start`: CONSULTATION_DELIVER_AFTER_ANSWER) the visitor gets the
 * answer as soon as step 1 has saved the request, and steps 2 and 3 follow it, with the same
 * time limits: a slow mail server never holds the answer up. A serverless function delivers
 * before it answers, since its instance may be frozen once it has.
 *
 * A lead is refused only when no channel can take it: with the store down, a channel that
 * delivers it is enough for the success answer (the lead then lives in the inbox or the CRM, and
 * the log says so); with the store down and no channel taking it, the visitor gets the error and
 * the form's email fallback, and nothing was half-saved.
 */

export interface Deps {
  config: ConsultationConfig;
  store: LeadStore;
  now: () => number;
  log: Logger;
}

/** The share of the deadline by which the store must have the request. */
const STORE_SHARE = 0.45;
/** The share kept back, after delivery, to save its result. */
const UPDATE_SHARE = 0.1;

/** One request's time: all of it, the store's part, and delivery's part. */
export interface Phases {
  answer: Deadline;
  store: Deadline;
  delivery: Deadline;
}

export function phases(config: ConsultationConfig): Phases {
  const span = config.deadlineMs;
  const answer = Deadline.after(span);
  return {
    answer,
    store: answer.minus((1 - STORE_SHARE) * span),
    delivery: answer.minus(UPDATE_SHARE * span),
  };
}

/**
 * What this process uses when the store cannot answer: a rate limit in memory, and the keys of
 * requests it delivered without storing them (so a retry is not delivered twice). On `globalThis`
 * for the reason stores.ts gives.
 */
const FALLBACK_KEY = Symbol.for("copperline.consultation.fallback");
interface Fallback {
  limiter: MemoryRateLimiter;
  delivered: Map<string, { id: string; fingerprint: string }>;
}
function fallback(): Fallback {
  const holder = globalThis as { [FALLBACK_KEY]?: Fallback };
  return (holder[FALLBACK_KEY] ??= { limiter: new MemoryRateLimiter(), delivered: new Map() });
}
const DELIVERED_DIRECTLY_MAX = 10_000;

/** Counts a request against `keys` in the store's limiter, or in memory when the store cannot. */
export async function limited(
  { store, log }: Deps,
  deadline: Deadline,
  keys: RateKey[],
  windowMs: number,
): Promise<RateTake> {
  const now = Date.now();
  try {
    return await deadline.within(
      "the rate limit",
      store.rateLimiter.take(keys, windowMs, now),
      storeShare(deadline),
    );
  } catch (error) {
    log.error(`consultation: rate limit counted in memory: ${store.description} failed: ${String(error)}`);
    return fallback().limiter.take(keys, windowMs, now);
  }
}

/** What is left of the store's share of the time. */
const storeShare = (deadline: Deadline) =>
  Math.max(0, deadline.remaining() - (1 - STORE_SHARE) * deadlineSpan(deadline));
const spans = new WeakMap<Deadline, number>();
const deadlineSpan = (deadline: Deadline) => {
  if (!spans.has(deadline)) spans.set(deadline, deadline.remaining());
  return spans.get(deadline)!;
};

/** The secret that signs form tokens: CONSULTATION_SECRET, or the store's (undefined if it cannot answer). */
export async function formSecret(
  { config, store, log }: Deps,
  deadline: Deadline,
): Promise<string | undefined> {
  if (config.formSecret) return config.formSecret;
  try {
    return await deadline.within("the form secret", store.secret(), storeShare(deadline));
  } catch (error) {
    log.error(
      `consultation: no form secret (${store.description} failed: ${String(error)}); set CONSULTATION_SECRET`,
    );
    return undefined;
  }
}

type Timing = { kind: "measured"; ms: number } | { kind: "unusable" } | { kind: "unknown" };

/** How long ago the server handed out the request's form token. */
async function fillTime(request: ConsultationRequest, deps: Deps, storePhase: Deadline): Promise<Timing> {
  const secret = await formSecret(deps, storePhase);
  if (!secret) return { kind: "unknown" }; // nothing to check it with: the honeypot still applies
  const age = request.formToken ? formTokenAge(request.formToken, secret, Date.now()) : undefined;
  return age === undefined ? { kind: "unusable" } : { kind: "measured", ms: age };
}

export async function acceptLead(
  request: ConsultationRequest,
  address: string,
  deps: Deps,
  time: Phases,
  refused: (reply: Reply) => Promise<Reply>,
): Promise<Reply> {
  const { config, store, log } = deps;
  const timing = await fillTime(request, deps, time.store);
  // No token, or not one of ours: the form asks for a new one and sends again (use-form code).
  if (timing.kind === "unusable") return refused(FORM_TOKEN);
  const spamReason =
    request.website.trim() !== ""
      ? ("honeypot" as const)
      : timing.kind === "measured" && timing.ms < config.minFillMs
        ? ("too-fast" as const)
        : undefined;

  const { website: _website, formToken: _token, idempotencyKey, context, ...fields } = request;
  const fingerprint = createHash("sha256").update(JSON.stringify({ fields, context })).digest("hex");
  const inStore = <T>(what: string, work: Promise<T>) => time.store.within(what, work);
  let storeError: unknown;

  // The same request again (a retry after a lost answer) gets the first answer, stores nothing
  // twice and uses up no quota.
  let seen: KeyLookup = { kind: "new" };
  try {
    seen = await inStore("the idempotency key", store.lookupKey(idempotencyKey, fingerprint, deps.now()));
  } catch (error) {
    storeError = error;
    const direct = fallback().delivered.get(idempotencyKey);
    if (direct)
      seen = direct.fingerprint === fingerprint ? { kind: "replay", id: direct.id } : { kind: "conflict" };
  }
  if (seen.kind === "replay") return replayed(seen.id);
  if (seen.kind === "conflict") return refused(KEY_CONFLICT);

  const take = await limited(
    deps,
    time.store,
    rateKeys(address, config.rateLimit),
    config.rateLimit.windowMs,
  );
  if (!take.allowed) return tooMany(take.retryAfterSeconds);

  const at = new Date(deps.now()).toISOString();
  const record: OutboxRecord = {
    id: randomUUID(),
    receivedAt: at,
    updatedAt: at,
    status: spamReason ? "spam" : "pending",
    ...(spamReason ? { spamReason } : {}),
    idempotencyKey,
    fingerprint,
    fields,
    context,
    delivery: {},
  };

  // Durable first: the request is saved before anything else happens to it.
  let created: CreateResult | undefined;
  if (!storeError) {
    try {
      created = await inStore("saving the request", store.create(record, deps.now()));
    } catch (error) {
      storeError = error;
    }
  }
  if (created?.kind === "replay") {
    await take.refund(); // a concurrent twin saved it first
    return replayed(created.id);
  }
  if (created?.kind === "conflict") return refused(KEY_CONFLICT);
  // Spam is answered like a success so a bot learns nothing, and is never delivered.
  if (spamReason) return accepted(record.id);

  if (storeError) return deliverUnstored(record, storeError, deps, time.answer);

  if (config.deliverAfterAnswer) {
    // A long-lived server with a durable store (config.ts): the request is saved, so the visitor
    // has the answer now and delivery follows; if this process stops first, the request is left
    // `pending` and the re-send takes it.
    // Started on the next turn of the event loop, once the answer has been handed over.
    afterAnswer(
      new Promise((resolve) => setImmediate(resolve)).then(() => deliverAndSave(record, deps, time)),
      record.id,
      log,
    );
    return accepted(record.id);
  }
  return deliverAndSave(record, deps, time);
}

/** Deliveries that went on after their answer, until each has saved its result. */
const inFlight = new Set<Promise<unknown>>();

function afterAnswer(work: Promise<unknown>, id: string, log: Logger): void {
  const tracked = work
    .catch((error) => log.error(`consultation: delivery of ${id} after the answer failed: ${String(error)}`))
    .finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}

/** Resolves once every delivery that went on after its answer has finished (tests, shutdown). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}

/** Delivery by every channel within the request's time, then its result saved: the answer. */
async function deliverAndSave(record: OutboxRecord, deps: Deps, time: Phases): Promise<Reply> {
  const { config, store, log } = deps;
  const next = await deliver(record, config, { deadline: time.delivery });
  const reached = reachedAnyChannel(next);
  const save = (snapshot: OutboxRecord) => time.answer.within("saving the delivery", store.update(snapshot));
  if (!config.durable && !reached) {
    // Nothing keeps this request beyond this instance: do not tell the visitor it was received.
    const why =
      next.status === "stored"
        ? "no delivery channel is configured (SMTP_URL with CONSULTATION_TO, or CONSULTATION_WEBHOOK_URL)"
        : `every channel failed (${next.reason})`;
    log.error(
      `consultation: answered 503 to request ${record.id}: ${why}, and this is a serverless runtime (${config.serverless} is set) where ${store.description} does not outlive the instance. Set DATABASE_URL to a PostgreSQL database to keep requests durably.`,
    );
    await save({ ...next, status: "refused", reason: why }).catch((error) =>
      log.error(`consultation: could not record request ${record.id} as refused: ${String(error)}`),
    );
    return NOT_SENT;
  }
  try {
    await save(next);
  } catch (error) {
    // The request is saved as "pending"; the re-send picks it up once it is stale.
    log.error(`consultation: could not record the delivery of ${record.id}: ${String(error)}`);
  }
  if (next.status === "failed") {
    log.error(
      `consultation: delivery of ${record.id} failed: ${next.reason}${config.durable ? " (the re-send will try again)" : ` (not retried: ${store.description} does not outlive this serverless instance)`}`,
    );
  }
  return accepted(record.id);
}

/** The store could not take the request: a channel that delivers it now is the only place it lives. */
async function deliverUnstored(
  record: OutboxRecord,
  storeError: unknown,
  deps: Deps,
  deadline: Deadline,
): Promise<Reply> {
  const { config, store, log } = deps;
  const why = `${store.description} could not save it (${String(storeError)})`;
  if (!configuredChannels(config).length) {
    log.error(`consultation: refused request ${record.id}: ${why}, and no delivery channel is configured`);
    return NOT_SAVED;
  }
  const next = await deliver(record, config, { deadline });
  if (!reachedAnyChannel(next)) {
    log.error(
      `consultation: refused request ${record.id}: ${why}, and every channel failed (${next.reason})`,
    );
    return NOT_SAVED;
  }
  const delivered = fallback().delivered;
  delivered.set(record.idempotencyKey, { id: record.id, fingerprint: record.fingerprint });
  while (delivered.size > DELIVERED_DIRECTLY_MAX) delivered.delete(delivered.keys().next().value as string);
  log.error(
    `consultation: request ${record.id} was delivered (${Object.keys(next.delivery)
      .filter((c) => next.delivery[c as keyof typeof next.delivery]?.status === "delivered")
      .join(
        ", ",
      )}) but not stored: ${why}${next.status === "failed" ? `; not delivered by ${next.reason}` : ""}`,
  );
  return accepted(record.id);
}
