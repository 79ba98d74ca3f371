import type { ConsultationContext, ConsultationFields } from "../../../schemas/consultation";

/** One consultation request as the lead store keeps it (both stores keep exactly these fields). */

export type RecordStatus =
  /** Saved; delivery in progress (or interrupted: the re-send command picks up old ones). */
  | "pending"
  /** Every configured channel accepted it. */
  | "delivered"
  /** At least one channel failed; `reason` says why. `npm run consultation:resend` retries. */
  | "failed"
  /** No delivery channel is configured: the store itself is where leads are read. */
  | "stored"
  /** Caught by the honeypot or the minimum fill time; kept for review, never delivered. */
  | "spam"
  /**
   * Answered 503 and not kept: on a host without a durable store no channel took it, so the
   * visitor was asked to try again or email instead. Its idempotency key is free again.
   */
  | "refused";

export type Channel = "email" | "webhook";

export interface ChannelState {
  status: "delivered" | "failed";
  at: string;
  attempts: number;
  error?: string;
}

export interface OutboxRecord {
  id: string;
  receivedAt: string;
  updatedAt: string;
  status: RecordStatus;
  reason?: string;
  spamReason?: "honeypot" | "too-fast";
  idempotencyKey: string;
  /** Hash of the fields and context, to tell a retry from a different request reusing a key. */
  fingerprint: string;
  fields: ConsultationFields;
  context: ConsultationContext;
  delivery: Partial<Record<Channel, ChannelState>>;
}

/** Whether any channel has the request. */
export const reachedAnyChannel = (record: OutboxRecord): boolean =>
  Object.values(record.delivery).some((state) => state?.status === "delivered");

/** A lead no channel has taken yet, still meant to be delivered: the backlog (store.ts). */
export const waitingForChannel = (record: OutboxRecord): boolean =>
  (record.status === "pending" || record.status === "failed") && !reachedAnyChannel(record);
