import { parse } from "pg-connection-string";
import type { PoolConfig } from "pg";
import type { Env } from "../config";

/**
 * How to reach PostgreSQL: DATABASE_URL, with whatever it leaves out taken from libpq's standard
 * PG* variables of the environment the function runs in, read here and passed explicitly:
 * node-postgres reads them from `process.env` itself, which Gatsby's bundler replaces in the
 * function with the values of the build. `sslmode` has libpq's meaning (`require` encrypts
 * without checking the certificate, `verify-full` checks it and the host name).
 */

/** PG* variables that become connection-string parameters when the URL has none of its own. */
const URL_PARAMETERS: Record<string, string> = {
  PGSSLMODE: "sslmode",
  PGSSLROOTCERT: "sslrootcert",
  PGSSLCERT: "sslcert",
  PGSSLKEY: "sslkey",
  PGAPPNAME: "application_name",
};

export interface Connection {
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  ssl?: PoolConfig["ssl"];
  application_name?: string;
}

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function connection(url: string, env: Env): Connection {
  let withParameters = url;
  try {
    const parsed = new URL(url);
    for (const [variable, parameter] of Object.entries(URL_PARAMETERS)) {
      const value = nonEmpty(env[variable]);
      if (value && !parsed.searchParams.has(parameter)) parsed.searchParams.set(parameter, value);
    }
    withParameters = parsed.toString();
  } catch {
    // Not a URL the WHATWG parser takes (a socket path): the connection-string parser reads it as is.
  }
  const options = parse(withParameters, { useLibpqCompat: true });
  return {
    host: options.host || nonEmpty(env.PGHOST),
    port: Number(options.port || nonEmpty(env.PGPORT)) || undefined,
    user: options.user || nonEmpty(env.PGUSER),
    password: options.password || env.PGPASSWORD || undefined,
    database: options.database || nonEmpty(env.PGDATABASE),
    ssl: (options.ssl as PoolConfig["ssl"]) ?? undefined,
    application_name: options.application_name || "copperline-consultation",
  };
}

/** `PostgreSQL host:port/database`, for messages: never the user or password. */
export function describeConnection(c: Connection): string {
  return `PostgreSQL ${c.host ?? "localhost"}${c.port ? `:${c.port}` : ""}/${c.database ?? ""}`;
}

/** What a session may take: requests answer within seconds; maintenance gets longer. */
export interface Timeouts {
  connectMs: number;
  statementMs: number;
  lockMs: number;
}

export const REQUEST_TIMEOUTS: Timeouts = { connectMs: 1_500, statementMs: 1_500, lockMs: 1_000 };
export const MAINTENANCE_TIMEOUTS: Timeouts = { connectMs: 10_000, statementMs: 120_000, lockMs: 10_000 };

export function poolConfig(c: Connection, timeouts: Timeouts): PoolConfig {
  return {
    ...c,
    // A function instance handles one request at a time; a few connections are plenty, and
    // many instances must not exhaust the server's connection limit.
    max: 4,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement, or a wait for a lock, that takes longer: nothing is left
    // running in the database after the visitor has had the answer.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.statementMs * 4,
    // And the client gives up on a server that stops answering altogether.
    query_timeout: timeouts.statementMs + 1_000,
  };
}
