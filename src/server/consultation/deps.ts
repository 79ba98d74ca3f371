import type { ConsultationConfig } from "./config";
import type { LeadStore, Logger } from "./store";

/**
 * What a request's intake is handed: the configuration read for this request, the store, the
 * clock the records are dated by, and the log. handler.ts builds it (`defaultDeps`); tests hand
 * their own, with a store that fails or a clock that jumps.
 */
export interface Deps {
  config: ConsultationConfig;
  store: LeadStore;
  now: () => number;
  log: Logger;
}
