import type { OutboxRecord } from "../record";

/**
 * A lead's record as a row of `consultation_requests` (schema.ts creates the table), and back:
 * the one place that knows its columns, so a field added to OutboxRecord changes this file and
 * the schema, not the store's queries. An optional field the record leaves out is NULL in the row
 * and left out again when the row is read; times are `timestamptz` in the row, ISO strings in the
 * record; the request's fields, context and delivery are `jsonb` as they are.
 */

export interface RequestRow {
  id: string;
  received_at: Date;
  updated_at: Date;
  status: OutboxRecord["status"];
  reason: string | null;
  spam_reason: OutboxRecord["spamReason"] | null;
  idempotency_key: string;
  fingerprint: string;
  fields: OutboxRecord["fields"];
  context: OutboxRecord["context"];
  delivery: OutboxRecord["delivery"];
}

export const toRecord = (row: RequestRow): OutboxRecord => ({
  id: row.id,
  receivedAt: row.received_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  status: row.status,
  ...(row.reason ? { reason: row.reason } : {}),
  ...(row.spam_reason ? { spamReason: row.spam_reason } : {}),
  idempotencyKey: row.idempotency_key,
  fingerprint: row.fingerprint,
  fields: row.fields,
  context: row.context,
  delivery: row.delivery,
});

/** A new request's row: every column, its values from `insertValues`. */
export const INSERT_REQUEST = `INSERT INTO consultation_requests
  (id, received_at, updated_at, status, reason, spam_reason, idempotency_key, fingerprint, fields, context, delivery)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;

export const insertValues = (record: OutboxRecord): unknown[] => [
  record.id,
  record.receivedAt,
  record.updatedAt,
  record.status,
  record.reason ?? null,
  record.spamReason ?? null,
  record.idempotencyKey,
  record.fingerprint,
  record.fields,
  record.context,
  record.delivery,
];

/**
 * A later state of a request, its values from `updateValues`: only what a later state changes
 * (what the visitor sent, and when, stays as it was saved).
 */
export const UPDATE_REQUEST = `UPDATE consultation_requests
  SET updated_at = $2, status = $3, reason = $4, spam_reason = $5, delivery = $6
  WHERE id = $1`;

export const updateValues = (record: OutboxRecord): unknown[] => [
  record.id,
  record.updatedAt,
  record.status,
  record.reason ?? null,
  record.spamReason ?? null,
  record.delivery,
];
