import fs from "node:fs";
import path from "node:path";
import type { OutboxRecord } from "../record";
import { StoreFullError } from "../store";
import { NEWLINE } from "./outboxLines";

/**
 * Appends to the outbox (outboxLines.ts describes the file): one complete snapshot a line,
 * flushed to disk before the promise resolves, never touching the bytes already written.
 */

/** Writes all of `data` at the file's end, however many calls that takes (a write may be short). */
export async function writeFully(handle: Pick<fs.promises.FileHandle, "write">, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    if (bytesWritten <= 0) throw new Error("the outbox write made no progress");
    offset += bytesWritten;
  }
}

async function endsWithNewline(handle: fs.promises.FileHandle): Promise<boolean> {
  const { size } = await handle.stat();
  if (size === 0) return true;
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] === NEWLINE;
}

/**
 * Appends `line` unless the file would then hold more than `maxBytes` (a StoreFullError; the
 * check and the write are one step of the per-file queue, so two appends cannot both squeeze in).
 */
export async function appendLine(file: string, line: Buffer, maxBytes = Infinity): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Until the line is in the file that is at `file` now: the prune command may replace the file
  // while we write to the old one (it copies what it sees; we re-append what it may have missed;
  // a duplicate snapshot is harmless, the last line of an id wins).
  for (let attempt = 0; attempt < 5; attempt++) {
    const handle = await fs.promises.open(file, "a+", 0o600);
    let ours: fs.Stats;
    try {
      const { size } = await handle.stat();
      if (size + line.length + 1 > maxBytes) {
        throw new StoreFullError(
          `${file} holds ${size} bytes; the limit is ${maxBytes} (CONSULTATION_OUTBOX_MAX_BYTES)`,
        );
      }
      // After a crash mid-line, start on a fresh line so the torn one does not swallow this one.
      const prefix = (await endsWithNewline(handle)) ? "" : "\n";
      await writeFully(handle, prefix ? Buffer.concat([Buffer.from(prefix), line]) : line);
      await handle.datasync();
      ours = await handle.stat();
    } finally {
      await handle.close();
    }
    const now = await fs.promises.stat(file).catch(() => undefined);
    if (now && now.ino === ours.ino && now.dev === ours.dev) return;
  }
  throw new Error(`${file} kept being replaced while a request was appended`);
}

/** Appends queued per file in this process, so one line's pieces are never split by another's. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Appends one snapshot and flushes it to disk before returning. Creates the file if missing.
 * Rejects with a StoreFullError, writing nothing, when the file would pass `maxBytes`.
 */
export function appendRecord(file: string, record: OutboxRecord, maxBytes = Infinity): Promise<void> {
  const line = Buffer.from(`${JSON.stringify(record)}\n`);
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => appendLine(file, line, maxBytes));
  queues.set(file, next);
  void next
    .finally(() => {
      if (queues.get(file) === next) queues.delete(file);
    })
    .catch(() => undefined);
  return next;
}
