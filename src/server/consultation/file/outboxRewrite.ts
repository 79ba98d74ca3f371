import fs from "node:fs";
import path from "node:path";
import type { OutboxRecord } from "../record";
import type { Logger } from "../store";
import { appendLine, writeFully } from "./outboxAppend";
import { completeLines, isBlank, parseRecord } from "./outboxLines";

/** What the prune decides on: a request's latest status and times (not its personal data). */
export type RecordSummary = Pick<OutboxRecord, "id" | "status" | "receivedAt" | "updatedAt">;

export interface RewriteResult {
  /** The requests whose lines were removed. */
  removed: RecordSummary[];
  unreadableLines: number;
}

/**
 * Removes every line of the requests `remove` picks (it sees each request's latest snapshot),
 * by writing the kept lines to a temporary file and renaming it over the outbox. Run it under
 * the store's lock (no other rewrite, no re-send). The endpoint may append meanwhile: lines
 * that reach the old file after it was read are copied over after the rename, and an append
 * that lands in the old file later still sees the file replaced and appends again.
 * Unreadable lines (writes cut short) are dropped.
 */
export async function rewriteOutbox(
  file: string,
  remove: (latest: RecordSummary) => boolean,
  log: Pick<Logger, "warn"> = console,
): Promise<RewriteResult> {
  let old: fs.promises.FileHandle;
  try {
    old = await fs.promises.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { removed: [], unreadableLines: 0 };
    throw error;
  }
  const temp = `${file}.prune-${process.pid}.tmp`;
  try {
    const size = (await old.stat()).size;
    // Pass 1: the latest snapshot of each request decides (only status and time are kept).
    const latest = new Map<string, RecordSummary>();
    let copiedUpTo = 0;
    for await (const line of completeLines(old, 0, size)) {
      if ("oversized" in line) continue;
      copiedUpTo = line.end;
      const record = parseRecord(line.bytes);
      if (record) {
        const { id, status, receivedAt, updatedAt } = record;
        latest.set(id, { id, status, receivedAt, updatedAt });
      }
    }
    const removed = [...latest.values()].filter(remove);
    if (!removed.length) return { removed, unreadableLines: 0 };
    const gone = new Set(removed.map((r) => r.id));

    // Pass 2: copy the kept lines.
    let unreadableLines = 0;
    const out = await fs.promises.open(temp, "w", 0o600);
    try {
      for await (const line of completeLines(old, 0, copiedUpTo)) {
        if ("oversized" in line) {
          unreadableLines += 1;
          continue;
        }
        if (isBlank(line.bytes)) continue;
        const record = parseRecord(line.bytes);
        if (!record) unreadableLines += 1;
        else if (!gone.has(record.id)) await writeFully(out, Buffer.concat([line.bytes, Buffer.from("\n")]));
      }
      await out.datasync();
    } finally {
      await out.close();
    }
    await fs.promises.rename(temp, file);
    const dir = await fs.promises.open(path.dirname(file), "r");
    await dir.sync().finally(() => dir.close());

    // Lines the endpoint appended to the old file while we copied.
    for (;;) {
      const tail: Buffer[] = [];
      for await (const line of completeLines(old, copiedUpTo)) {
        if ("oversized" in line) continue;
        copiedUpTo = line.end;
        if (parseRecord(line.bytes)) tail.push(Buffer.concat([line.bytes, Buffer.from("\n")]));
      }
      if (!tail.length) break;
      for (const line of tail) await appendLine(file, line);
    }
    if (unreadableLines) log.warn(`consultation: dropped ${unreadableLines} unreadable line(s) from ${file}`);
    return { removed, unreadableLines };
  } finally {
    await old.close();
    await fs.promises.rm(temp, { force: true });
  }
}
