import type { RateLimit } from "./config";
import type { LeadStore, PruneCutoffs, PruneReport } from "./store";

/**
 * How long requests are kept, as the privacy notice (content/pages/privacy.yaml, "How long we
 * keep it") promises: spam 30 days; an enquiry 24 months after the last contact, i.e. after its
 * latest update here (received, delivered or re-sent). What the sales team keeps in its own inbox
 * or CRM is outside this store. Requests answered 503 on a serverless host (`refused`) go with
 * the spam.
 */
export const SPAM_RETENTION_DAYS = 30;
export const ENQUIRY_RETENTION_MONTHS = 24;

const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionCutoffs(now: number, rateLimit: RateLimit): PruneCutoffs {
  const enquiries = new Date(now);
  enquiries.setUTCMonth(enquiries.getUTCMonth() - ENQUIRY_RETENTION_MONTHS);
  return {
    spamBefore: now - SPAM_RETENTION_DAYS * DAY_MS,
    enquiriesBefore: enquiries.getTime(),
    hitsBefore: now - rateLimit.windowMs,
  };
}

/** Deletes what the retention policy says must go; refuses while a re-send or prune runs. */
export function pruneLeads(
  store: LeadStore,
  rateLimit: RateLimit,
  now: number = Date.now(),
): Promise<PruneReport> {
  return store.exclusive(() => store.prune(retentionCutoffs(now, rateLimit)));
}
