import type { Pool } from "pg";
import type { Logger } from "../store";
import { MAINTENANCE_LOCK } from "./schema";

/**
 * The maintenance lock in PostgreSQL, as a lease: a session-level advisory lock on a connection of
 * its own, whose session the server ends once it has been idle for a whole lease
 * (`idle_session_timeout`). The holder keeps it busy with a query every third of the lease while
 * its task runs; a holder that crashed, froze, or lost its machine stops doing so, the server ends
 * its session, and the lock goes with it. (A session that simply disconnects frees it at once.)
 */
export async function withAdvisoryLease<T>(
  pool: Pool,
  description: string,
  leaseMs: number,
  log: Logger,
  task: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let healthy = true;
  const onError = (error: Error) => {
    healthy = false;
    log.error(`consultation: the maintenance lock's connection to ${description} failed: ${error.message}`);
  };
  client.on("error", onError);
  try {
    // A lock that could not be taken leaves the setting behind: the finally below resets it too.
    await client.query(`SET idle_session_timeout = ${Math.max(1_000, Math.floor(leaseMs))}`);
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      MAINTENANCE_LOCK,
    ]);
    if (!rows[0].locked) {
      throw new Error(
        `another re-send or prune is running on ${description} (it holds advisory lock ${MAINTENANCE_LOCK}); wait for it`,
      );
    }
    const renew = setInterval(
      () => {
        client.query("SELECT 1").catch((error: Error) => onError(error));
      },
      Math.max(300, Math.floor(leaseMs / 3)),
    );
    try {
      return await task();
    } finally {
      clearInterval(renew);
      await client.query("SELECT pg_advisory_unlock($1)", [MAINTENANCE_LOCK]).catch(() => (healthy = false));
      // The connection goes back to the pool: without the short idle limit of the lease.
      await client.query("RESET idle_session_timeout").catch(() => (healthy = false));
    }
  } finally {
    client.off("error", onError);
    // A connection whose unlock failed is ended, which releases the lock too.
    client.release(!healthy);
  }
}
