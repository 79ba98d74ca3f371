import fs from "node:fs";
import type { OutboxRecord } from "../record";
import type { Logger } from "../store";

/**
 * The outbox file: append-only NDJSON, one JSON object a line, written before anything else
 * happens to a request (docs/adr/0005-consultation-outbox.md).
 *
 * Every line is a complete snapshot of one request. A status change appends a new snapshot; the
 * last line of an id is its current state. Appending never touches bytes already written, so
 * the running endpoint and the re-send command can write at the same time. The only rewrite is
 * the prune command's, and appends made while it runs are carried over (see `rewriteOutbox`).
 *
 * This module reads it; outboxAppend.ts writes it; outboxRewrite.ts prunes it.
 */

/** No real snapshot comes near this (a request body is at most 100 kb); longer is garbage. */
const MAX_LINE_BYTES = 1024 * 1024;
export const NEWLINE = 0x0a;

interface Line {
  /** The line without its newline. */
  bytes: Buffer;
  /** 1-based line number. */
  number: number;
  /** Offset just after the line's newline. */
  end: number;
}

/**
 * Yields the complete lines of `file` between `start` and `end` (bytes), one at a time: the file
 * is never held in memory whole, so an outbox of any size can be read. A last line without its
 * newline (a write still under way, or cut short) is not yielded; `tail()` says where it starts.
 * A line longer than MAX_LINE_BYTES is yielded as unreadable garbage in pieces, never buffered.
 */
export async function* completeLines(
  handle: fs.promises.FileHandle,
  start = 0,
  end = Infinity,
): AsyncGenerator<Line | { oversized: true; number: number }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  let offset = start;
  let number = 0;
  const stream = handle.createReadStream({
    start,
    end: Number.isFinite(end) ? end - 1 : undefined,
    autoClose: false,
    highWaterMark: 1024 * 1024,
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let from = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, nl);
      offset += piece.length + 1;
      number += 1;
      if (skipping) {
        skipping = false;
      } else {
        const bytes = pendingBytes ? Buffer.concat([...pending, piece]) : piece;
        yield { bytes, number, end: offset };
      }
      pending = [];
      pendingBytes = 0;
      from = nl + 1;
    }
    const rest = chunk.subarray(from);
    if (!rest.length) continue;
    offset += rest.length;
    if (skipping) continue;
    pending.push(rest);
    pendingBytes += rest.length;
    if (pendingBytes > MAX_LINE_BYTES) {
      yield { oversized: true, number: number + 1 };
      skipping = true;
      pending = [];
      pendingBytes = 0;
    }
  }
}

export const parseRecord = (bytes: Buffer): OutboxRecord | undefined => {
  if (!bytes.length || bytes.every((b) => b === 0x20 || b === 0x0d || b === 0x09)) return undefined;
  try {
    const record = JSON.parse(bytes.toString("utf8")) as OutboxRecord;
    return typeof record?.id === "string" && typeof record.status === "string" ? record : undefined;
  } catch {
    return undefined;
  }
};

export const isBlank = (bytes: Buffer) => bytes.every((b) => b === 0x20 || b === 0x0d || b === 0x09);

export interface ScanResult {
  /** Lines skipped because they are not a complete snapshot (a write cut short by a crash). */
  unreadableLines: number;
}

/**
 * Calls `onRecord` with every snapshot in the file, in order, reading it line by line. A line
 * that is not a complete snapshot is skipped with a warning; the lines after it are read as
 * usual. A missing file is an empty outbox.
 */
export async function scanOutbox(
  file: string,
  onRecord: (record: OutboxRecord) => void,
  log: Pick<Logger, "warn"> = console,
): Promise<ScanResult> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { unreadableLines: 0 };
    throw error;
  }
  let unreadableLines = 0;
  const skip = (number: number) => {
    unreadableLines += 1;
    log.warn(`consultation: skipped line ${number} of ${file}: not a complete request (a write cut short?)`);
  };
  try {
    const size = (await handle.stat()).size;
    let lastEnd = 0;
    let lastNumber = 0;
    for await (const line of completeLines(handle, 0, size)) {
      lastNumber = line.number;
      if ("oversized" in line) {
        skip(line.number);
        continue;
      }
      lastEnd = line.end;
      if (isBlank(line.bytes)) continue;
      const record = parseRecord(line.bytes);
      if (record) onRecord(record);
      else skip(line.number);
    }
    // A last line without its newline: a crash mid-write (an append in progress is skipped too,
    // and read on the next scan).
    if (lastEnd < size) {
      const rest = Buffer.alloc(Math.min(size - lastEnd, 64));
      await handle.read(rest, 0, rest.length, lastEnd);
      if (!isBlank(rest)) skip(lastNumber + 1);
    }
  } finally {
    await handle.close();
  }
  return { unreadableLines };
}

export interface OutboxContents extends ScanResult {
  /** The latest snapshot of each request, in the order requests first appeared. */
  records: Map<string, OutboxRecord>;
}

/** The latest snapshot of every request (for tests and small outboxes; the store scans). */
export async function readOutbox(file: string, log?: Pick<Logger, "warn">): Promise<OutboxContents> {
  const records = new Map<string, OutboxRecord>();
  const { unreadableLines } = await scanOutbox(file, (r) => records.set(r.id, r), log);
  return { records, unreadableLines };
}
