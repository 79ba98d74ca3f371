import fs from "node:fs";
import path from "node:path";
import type { ConsultationContext, ConsultationFields } from "../../../schemas/consultation";

/**
 * The outbox: an append-only NDJSON file, one JSON object a line, written before anything else
 * happens to a request.
 *
 * Every line is a complete snapshot of one request (id, received time, fields, context and
 * delivery status). A status change appends a new snapshot instead of rewriting the file; the
 * last line for an id is its current state. Appending never touches bytes already written, so
 * the running endpoint and the re-send command can both write to the file at the same time
 * without either losing the other's lines (a rewrite-and-rename would drop a request appended
 * while the rewrite was in progress). `grep <id>` shows a request's whole history.
 */

export type RecordStatus =
  /** Saved; delivery in progress (or interrupted: the re-send command picks up old ones). */
  | "pending"
  /** Every configured channel accepted it. */
  | "delivered"
  /** At least one channel failed; `reason` says why. `npm run consultation:resend` retries. */
  | "failed"
  /** No delivery channel is configured: the outbox itself is where leads are read. */
  | "stored"
  /** Caught by the honeypot or the minimum fill time; kept for review, never delivered. */
  | "spam";

export type Channel = "email" | "webhook";

export interface ChannelState {
  status: "delivered" | "failed";
  at: string;
  attempts: number;
  error?: string;
}

export interface OutboxRecord {
  id: string;
  receivedAt: string;
  updatedAt: string;
  status: RecordStatus;
  reason?: string;
  spamReason?: "honeypot" | "too-fast";
  idempotencyKey: string;
  /** Hash of the fields and context, to tell a retry from a different request reusing a key. */
  fingerprint: string;
  fields: ConsultationFields;
  context: ConsultationContext;
  delivery: Partial<Record<Channel, ChannelState>>;
}

/** Appends one snapshot and flushes it to disk before returning. Creates the file if missing. */
export async function appendRecord(file: string, record: OutboxRecord): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.promises.open(file, "a", 0o600);
  try {
    // One write call per line: with O_APPEND each line lands whole at the end of the file.
    await handle.write(`${JSON.stringify(record)}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export interface OutboxContents {
  /** The latest snapshot of each request, in the order requests first appeared. */
  records: Map<string, OutboxRecord>;
  /** Lines that could not be read (e.g. a line cut short by a crash); kept in the file. */
  unreadableLines: number;
}

export async function readOutbox(file: string): Promise<OutboxContents> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { records: new Map(), unreadableLines: 0 };
    throw error;
  }
  const records = new Map<string, OutboxRecord>();
  let unreadableLines = 0;
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const record = JSON.parse(line) as OutboxRecord;
      if (typeof record?.id !== "string") throw new Error("no id");
      records.set(record.id, record);
    } catch {
      unreadableLines += 1;
    }
  }
  return { records, unreadableLines };
}
