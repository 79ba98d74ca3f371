import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";

/**
 * A lock file that cannot be taken from a live process: it holds `<pid>@<host>` of its owner
 * and is taken over only when that process is dead. No expiry time: a re-send that runs for an
 * hour keeps its lock for an hour.
 *
 * - The file appears whole or not at all: the content is written to a private file first and
 *   hard-linked to the lock's name (`link` fails if the name exists, like O_EXCL).
 * - Taking over a dead owner's lock is itself serialised by a second name, `<lock>.takeover`,
 *   that only one process can create; it re-reads the lock before replacing it, so two processes
 *   that both saw the same dead owner cannot both win.
 * - An owner on another host (a shared disk) cannot be checked, so its lock is never taken.
 *
 * Node has no flock(); proper-lockfile and friends expire locks by age, which is what this
 * replaces.
 */

interface Holder {
  raw: string;
  pid: number;
  host: string;
}

const readHolder = (file: string): Holder | undefined => {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch {
    return undefined; // gone meanwhile
  }
  const match = raw.trim().match(/^(\d+)(?:@(.+))?$/);
  return match ? { raw, pid: Number(match[1]), host: match[2] ?? os.hostname() } : { raw, pid: 0, host: "" };
};

const isAlive = (holder: Holder): boolean => {
  if (holder.host !== os.hostname() || holder.pid <= 0) return true; // cannot tell: assume alive
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

const describe = (holder: Holder) =>
  holder.pid > 0
    ? `process ${holder.pid} on ${holder.host}`
    : `an unreadable owner (${holder.raw.slice(0, 40)})`;

export class LockBusyError extends Error {}

export interface LockOptions {
  /** Called after finding the owner dead, before taking over (tests interleave a rival here). */
  beforeTakeover?: () => void;
}

/** Takes the lock or throws LockBusyError; returns the function that releases it. */
export function acquireFileLock(lock: string, what: string, options: LockOptions = {}): () => void {
  const me = `${process.pid}@${os.hostname()}`;
  const own = () => `${lock}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const busy = (holder: Holder, file = lock) =>
    new LockBusyError(
      `${what} is running (${file} is held by ${describe(holder)}); wait for it, or delete the file if that process is gone`,
    );
  const release = () => {
    if (readHolder(lock)?.raw === me) fs.rmSync(lock, { force: true });
  };

  const mine = own();
  fs.writeFileSync(mine, me, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(mine, lock);
        return release;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readHolder(lock);
      if (!holder) continue; // released meanwhile: try again
      if (isAlive(holder)) throw busy(holder);
      options.beforeTakeover?.();

      const marker = `${lock}.takeover`;
      try {
        fs.linkSync(mine, marker);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        throw busy(readHolder(marker) ?? holder, marker);
      }
      try {
        if (readHolder(lock)?.raw !== holder.raw) continue; // someone else took it first
        const replacement = own();
        fs.writeFileSync(replacement, me, { mode: 0o600 });
        fs.renameSync(replacement, lock);
        return release;
      } finally {
        fs.rmSync(marker, { force: true });
      }
    }
    throw new LockBusyError(`${what} could not take ${lock}: it kept changing hands`);
  } finally {
    fs.rmSync(mine, { force: true });
  }
}
