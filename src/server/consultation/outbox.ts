import fs from "node:fs";
import path from "node:path";
import type { OutboxRecord } from "./record";

/**
 * The outbox file: append-only NDJSON, one JSON object a line, written before anything else
 * happens to a request (docs/adr/0005-consultation-outbox.md).
 *
 * Every line is a complete snapshot of one request. A status change appends a new snapshot; the
 * last line of an id is its current state. Appending never touches bytes already written, so
 * the running endpoint and the re-send command can write at the same time. The only rewrite is
 * the prune command's, and appends made while it runs are carried over (see `rewriteOutbox`).
 */

export type { OutboxRecord };

/** No real snapshot comes near this (a request body is at most 100 kb); longer is garbage. */
const MAX_LINE_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

export interface Logger {
  warn(message: string): void;
}

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
async function* completeLines(
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

const parseRecord = (bytes: Buffer): OutboxRecord | undefined => {
  if (!bytes.length || bytes.every((b) => b === 0x20 || b === 0x0d || b === 0x09)) return undefined;
  try {
    const record = JSON.parse(bytes.toString("utf8")) as OutboxRecord;
    return typeof record?.id === "string" && typeof record.status === "string" ? record : undefined;
  } catch {
    return undefined;
  }
};

const isBlank = (bytes: Buffer) => bytes.every((b) => b === 0x20 || b === 0x0d || b === 0x09);

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
  log: Logger = console,
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
export async function readOutbox(file: string, log?: Logger): Promise<OutboxContents> {
  const records = new Map<string, OutboxRecord>();
  const { unreadableLines } = await scanOutbox(file, (r) => records.set(r.id, r), log);
  return { records, unreadableLines };
}

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

async function appendLine(file: string, line: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Until the line is in the file that is at `file` now: the prune command may replace the file
  // while we write to the old one (it copies what it sees; we re-append what it may have missed;
  // a duplicate snapshot is harmless, the last line of an id wins).
  for (let attempt = 0; attempt < 5; attempt++) {
    const handle = await fs.promises.open(file, "a+", 0o600);
    let ours: fs.Stats;
    try {
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

/** Appends one snapshot and flushes it to disk before returning. Creates the file if missing. */
export function appendRecord(file: string, record: OutboxRecord): Promise<void> {
  const line = Buffer.from(`${JSON.stringify(record)}\n`);
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => appendLine(file, line));
  queues.set(file, next);
  void next
    .finally(() => {
      if (queues.get(file) === next) queues.delete(file);
    })
    .catch(() => undefined);
  return next;
}

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
  log: Logger = console,
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
