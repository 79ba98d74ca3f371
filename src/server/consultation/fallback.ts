import type { Deadline } from "./deadline";
import { configuredChannels, deliver } from "./delivery";
import type { Deps } from "./deps";
import { logDelivery, redact } from "./log";
import { storeShare } from "./phases";
import { MemoryRateLimiter, type RateKey, type RateTake } from "./rateLimit";
import { reachedAnyChannel, type OutboxRecord } from "./record";
import { accepted, NOT_SAVED, type Reply } from "./replies";
import type { KeyLookup } from "./store";

/**
 * The calls to the store that the edge and the intake share, and what each falls back on when the
 * store fails or does not answer within its share of the time (intake.ts, step 1): the rate limit
 * counts in this process's memory, a form token cannot be checked (the honeypot still applies),
 * and a lead goes straight to the channels, its idempotency key remembered here so that a retry
 * is not delivered twice.
 */

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

/**
 * The store could not look the idempotency key up: what this process remembers of it, from a
 * request it delivered without storing.
 */
export function unstoredLookup(idempotencyKey: string, fingerprint: string): KeyLookup {
  const direct = fallback().delivered.get(idempotencyKey);
  if (!direct) return { kind: "new" };
  return direct.fingerprint === fingerprint ? { kind: "replay", id: direct.id } : { kind: "conflict" };
}

/** The store could not take the request: a channel that delivers it now is the only place it lives. */
export async function deliverUnstored(
  record: OutboxRecord,
  storeError: unknown,
  deps: Deps,
  deadline: Deadline,
): Promise<Reply> {
  const { config, store, log } = deps;
  const why = `${store.description} could not save it (${String(storeError)})`;
  const refuse = (because: string) => {
    log.error(
      { event: "refused", leadId: record.id, reason: redact(`${why}, and ${because}`) },
      "answered 500",
    );
    return NOT_SAVED;
  };
  if (!configuredChannels(config).length) return refuse("no delivery channel is configured");
  const next = await deliver(record, config, { deadline });
  logDelivery(log, record, next);
  if (!reachedAnyChannel(next)) return refuse(`every channel failed (${next.reason})`);
  const delivered = fallback().delivered;
  delivered.set(record.idempotencyKey, { id: record.id, fingerprint: record.fingerprint });
  while (delivered.size > DELIVERED_DIRECTLY_MAX) delivered.delete(delivered.keys().next().value as string);
  log.error(
    { leadId: record.id },
    `delivered but not stored: ${redact(why)}; the lead lives only where it was delivered`,
  );
  return accepted(record.id);
}
