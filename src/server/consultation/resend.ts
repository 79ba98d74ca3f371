import fs from "node:fs";
import type { ConsultationConfig } from "./config";
import { deliver } from "./delivery";
import { appendRecord, readOutbox, type OutboxRecord } from "./outbox";

/** A "pending" record older than this was interrupted (a crash or a timeout) and is re-sent too. */
export const STALE_PENDING_MS = 15 * 60 * 1000;

export interface ResendReport {
  attempted: OutboxRecord[];
  delivered: OutboxRecord[];
  stillFailing: OutboxRecord[];
}

export function needsResend(record: OutboxRecord, now: number): boolean {
  if (record.status === "failed") return true;
  return record.status === "pending" && Date.parse(record.updatedAt) < now - STALE_PENDING_MS;
}

/** A lock file so two re-sends at once cannot deliver the same request twice. */
function acquireLock(file: string, now: number): () => void {
  const lock = `${file}.resend.lock`;
  try {
    const stat = fs.statSync(lock);
    if (stat.mtimeMs < now - 30 * 60 * 1000) fs.rmSync(lock, { force: true }); // left by a crash
  } catch {
    // no lock yet
  }
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
  } catch {
    throw new Error(`another re-send is running (${lock} exists); wait for it or delete the file`);
  }
  return () => fs.rmSync(lock, { force: true });
}

/**
 * Re-delivers every failed (or stale pending) request in the outbox to the channels configured
 * now, skipping channels that already have it, and appends each result to the outbox.
 */
export async function resendFailed(
  config: ConsultationConfig,
  now: () => number = Date.now,
): Promise<ResendReport> {
  const release = acquireLock(config.outbox, now());
  try {
    const { records } = await readOutbox(config.outbox);
    const attempted = [...records.values()].filter((r) => needsResend(r, now()));
    const results: OutboxRecord[] = [];
    for (const record of attempted) {
      const next = await deliver(record, config, () => new Date(now()));
      await appendRecord(config.outbox, next);
      results.push(next);
    }
    return {
      attempted,
      delivered: results.filter((r) => r.status !== "failed"),
      stillFailing: results.filter((r) => r.status === "failed"),
    };
  } finally {
    release();
  }
}
