import type { ConsultationConfig } from "./config";
import { Deadline } from "./deadline";

/**
 * One request's time, cut into the shares intake.ts describes: the store has the request by 45 %
 * of the deadline, delivery runs until a tenth of it is left, and that tenth saves delivery's
 * result.
 */

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

/** What is left of the store's share of the time. */
export const storeShare = (deadline: Deadline) =>
  Math.max(0, deadline.remaining() - (1 - STORE_SHARE) * deadlineSpan(deadline));
const spans = new WeakMap<Deadline, number>();
const deadlineSpan = (deadline: Deadline) => {
  if (!spans.has(deadline)) spans.set(deadline, deadline.remaining());
  return spans.get(deadline)!;
};
