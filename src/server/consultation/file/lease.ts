import lockfile from "proper-lockfile";
import type { Logger } from "../store";

/**
 * The file store's maintenance lock as a lease, through proper-lockfile (the lock library npm's
 * own tooling family uses): an atomic `mkdir` of `<lock>`, whose modification time the holder
 * renews every third of the lease while its task runs. A lock not renewed for a whole lease (its
 * holder crashed, froze, or ran on a machine that is gone, whatever its pid now means) is stale
 * and the next run takes it; a holder that finds its lease taken stops renewing and logs it.
 */

export class LockBusyError extends Error {}

export async function withLease<T>(
  lock: string,
  what: string,
  leaseMs: number,
  log: Logger,
  task: () => Promise<T>,
): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(lock, {
      lockfilePath: lock,
      realpath: false,
      retries: 0,
      stale: leaseMs,
      update: Math.max(1_000, Math.floor(leaseMs / 3)),
      onCompromised: (error) =>
        log.error(
          `consultation: ${what} lost its lock ${lock} (${error.message}); another run may have taken over`,
        ),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new LockBusyError(
        `${what} is running (${lock} was renewed less than ${Math.round(leaseMs / 1000)} s ago); wait for it`,
      );
    }
    throw error;
  }
  try {
    return await task();
  } finally {
    await release().catch(() => undefined);
  }
}
