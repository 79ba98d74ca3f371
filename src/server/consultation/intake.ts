import { createHash, randomUUID } from "node:crypto";
import type { ConsultationRequest } from "../../../schemas/consultation";
import { rateKeys } from "./clientAddress";
import type { Deadline } from "./deadline";
import type { Deps } from "./deps";
import { deliverAfterAnswer, deliverAndSave } from "./dispatch";
import { deliverUnstored, formSecret, limited, unstoredLookup } from "./fallback";
import { formTokenAge } from "./formToken";
import { emailDomain, redact } from "./log";
import type { Phases } from "./phases";
import type { OutboxRecord } from "./record";
import { accepted, FORM_TOKEN, KEY_CONFLICT, replayed, tooMany, type Reply } from "./replies";
import type { CreateResult, KeyLookup } from "./store";

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
 *
 * This module is step 1 and the spam check; the shares of the time are in phases.ts, what a store
 * that cannot answer falls back on in fallback.ts, and steps 2 and 3 in dispatch.ts.
 */

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
  const { config, store } = deps;
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
    seen = unstoredLookup(idempotencyKey, fingerprint);
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

  deps.log.info(
    {
      event: "received",
      leadId: record.id,
      emailDomain: emailDomain(fields.email),
      service: fields.service,
      ...(spamReason ? { spam: spamReason } : {}),
    },
    "lead received",
  );
  // Durable first: the request is saved before anything else happens to it.
  let created: CreateResult | undefined;
  if (!storeError) {
    try {
      created = await inStore("saving the request", store.create(record, deps.now()));
    } catch (error) {
      storeError = error;
    }
  }
  if (created?.kind === "created") {
    deps.log.info(
      { event: "stored", leadId: record.id, status: record.status },
      `lead stored in ${store.description}`,
    );
  } else if (storeError) {
    deps.log.error(
      { event: "failed", leadId: record.id, stage: "store", reason: redact(String(storeError)) },
      `lead not stored: ${store.description} failed`,
    );
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
    deliverAfterAnswer(record, deps, time);
    return accepted(record.id);
  }
  return deliverAndSave(record, deps, time);
}
