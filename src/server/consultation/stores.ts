import type { ConsultationConfig } from "./config";
import { FileStore } from "./file/fileStore";
import { processLog } from "./log";
import { PostgresStore, type PostgresStoreOptions } from "./postgres/postgresStore";
import type { LeadStore, Logger } from "./store";

/** A new store for `config`: PostgreSQL when DATABASE_URL is set, else the outbox file. */
export function openStore(
  config: ConsultationConfig,
  log: Logger = console,
  options: PostgresStoreOptions = {},
): LeadStore {
  return config.store.kind === "postgres"
    ? new PostgresStore(config.store.connection, log, options)
    : new FileStore(config.store.path, log, { ...options, maxBytes: config.store.maxBytes });
}

/**
 * The store this server process uses for `config`, made once. Gatsby reloads a Function's
 * module for every request under `gatsby serve`, so anything kept in module scope would be
 * forgotten (the file store's rate limits and keys, the database's connection pool): the stores
 * live on `globalThis` instead.
 */
const STORES_KEY = Symbol.for("copperline.consultation.stores");
type Holder = { [STORES_KEY]?: Map<string, LeadStore> };

const storeKey = (config: ConsultationConfig): string =>
  config.store.kind === "postgres"
    ? `postgres:${config.store.url}:${JSON.stringify(config.store.connection)}`
    : `file:${config.store.path}:${config.store.maxBytes}`;

export function processStore(config: ConsultationConfig, log: Logger = processLog()): LeadStore {
  const holder = globalThis as Holder;
  const stores = (holder[STORES_KEY] ??= new Map());
  const key = storeKey(config);
  let store = stores.get(key);
  if (!store) {
    store = openStore(config, log);
    stores.set(key, store);
  }
  return store;
}

/** Forgets this process's stores and their state, as a restart would (tests). */
export async function resetProcessStores(): Promise<void> {
  const holder = globalThis as Holder;
  const stores = [...(holder[STORES_KEY]?.values() ?? [])];
  delete holder[STORES_KEY];
  await Promise.all(stores.map((s) => s.close()));
}
