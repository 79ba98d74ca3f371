import type { ConsultationConfig } from "./config";
import type { LeadLog } from "./log";
import type { LeadStore } from "./store";

/**
 * What a request's intake is handed: the configuration read for this request, the store, the
 * clock the records are dated by, and the log (log.ts: JSON lines, each with this request's id).
 * handler.ts builds it (`defaultDeps`); tests hand their own, with a store that fails or a clock
 * that jumps.
 */
export interface Deps {
  config: ConsultationConfig;
  store: LeadStore;
  now: () => number;
  log: LeadLog;
}
