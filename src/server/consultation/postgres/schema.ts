import { randomBytes } from "node:crypto";
import type { ClientBase } from "pg";

/**
 * The lead store's tables, applied by `npm run db:migrate` (scripts/db-migrate.ts), not on first
 * use: a deploy migrates once, and a request never waits on DDL. Every statement is idempotent,
 * so running it again (on every deploy) is safe; a later change gets its own idempotent statement
 * at the end. Two migrations at once wait for each other (an advisory lock).
 */

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS consultation_requests (
  id uuid PRIMARY KEY,
  received_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  status text NOT NULL,
  reason text,
  spam_reason text,
  idempotency_key text NOT NULL,
  fingerprint text NOT NULL,
  fields jsonb NOT NULL,
  context jsonb NOT NULL,
  delivery jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS consultation_requests_status_updated
  ON consultation_requests (status, updated_at);
CREATE TABLE IF NOT EXISTS consultation_idempotency_keys (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  request_id uuid NOT NULL REFERENCES consultation_requests (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL
);
CREATE TABLE IF NOT EXISTS consultation_rate_hits (
  id bigserial PRIMARY KEY,
  client text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS consultation_rate_hits_client_at ON consultation_rate_hits (client, at);
CREATE TABLE IF NOT EXISTS consultation_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);
`;

/** Advisory lock ids (any 64-bit numbers this application owns). */
export const SCHEMA_LOCK = 7_305_001;
export const MAINTENANCE_LOCK = 7_305_002;

/** The tables this store needs, for the message that says to migrate. */
export const TABLES = [
  "consultation_requests",
  "consultation_idempotency_keys",
  "consultation_rate_hits",
  "consultation_settings",
];

/** Applies the schema on `client` (a connection of its own); safe to run any number of times. */
export async function migrate(client: ClientBase): Promise<void> {
  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    await client.query(SCHEMA_SQL);
    // The secret that signs form tokens when CONSULTATION_SECRET is not set: made once, kept.
    await client.query(
      "INSERT INTO consultation_settings (name, value) VALUES ('form_secret', $1) ON CONFLICT (name) DO NOTHING",
      [randomBytes(32).toString("hex")],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Whether an error says the tables are missing (the database was never migrated). */
export const isMissingTable = (error: unknown): boolean => (error as { code?: string })?.code === "42P01";
