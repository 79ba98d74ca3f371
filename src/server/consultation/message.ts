import { BUDGETS, NOT_SURE, NOT_SURE_LABEL } from "../../../schemas/consultation";
import type { OutboxRecord } from "./record";

/** What the sales inbox and the webhook receive about one request. */

/**
 * Bidirectional controls (which reorder the text around them) and zero-width characters: the
 * visitor's text in the email is shown without them, so it reads as what it is.
 */
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export const plainText = (value: string): string => value.replace(INVISIBLE, "");

/**
 * The visitor's name as the display name of the email's Reply-To: only letters, marks, digits,
 * spaces and `.`, `'`, `-`, after compatibility normalisation (NFKC, which turns the full-width
 * `＠` and the small `﹫` into `@`, and full-width brackets into brackets). Everything else becomes
 * a space, so a "name" such as `"ceo＠bank.example" <ceo@bank.example>` cannot show a mail client
 * another address than the one the reply goes to.
 */
export const replyToName = (name: string): string =>
  plainText(name)
    .normalize("NFKC")
    .replace(/[^\p{L}\p{M}\p{N} .'-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const budgetLabel = (value: string): string => BUDGETS.find((b) => b.value === value)?.label ?? "Not given";

const serviceLabel = (value: string): string => (value === NOT_SURE ? NOT_SURE_LABEL : value);

/** Label and value pairs, in the order the form asks for them. */
export function summaryRows(record: OutboxRecord): [string, string][] {
  const fields = Object.fromEntries(
    Object.entries(record.fields).map(([k, v]) => [k, typeof v === "string" ? plainText(v) : v]),
  ) as OutboxRecord["fields"];
  const { context } = record;
  const about = context.service
    ? `service ${context.service}`
    : context.industry
      ? `industry ${context.industry}`
      : context.work
        ? `case study ${context.work}`
        : "";
  return [
    ["Name", fields.name],
    ["Email", fields.email],
    ["Phone", fields.phone || "Not given"],
    ["Company", fields.company || "Not given"],
    ["Service", serviceLabel(fields.service)],
    ["Budget", fields.budget ? budgetLabel(fields.budget) : "Not given"],
    ["Sent from", about ? `${context.page} (${about})` : context.page],
    ["Visitor's country", context.country ?? "Unknown"],
    ["Request id", record.id],
    ["Received", record.receivedAt],
  ];
}

export function emailSubject(record: OutboxRecord): string {
  const name = plainText(record.fields.name);
  const company = plainText(record.fields.company);
  return `Consultation request from ${name}${company ? `, ${company}` : ""}`;
}

export function emailText(record: OutboxRecord): string {
  const rows = summaryRows(record)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
  return `A visitor asked for a free consultation on the website.\n\n${rows}\n\nProject details:\n\n${plainText(record.fields.details)}\n\nReply to this email to answer ${plainText(record.fields.name)} directly.\n`;
}

export function emailHtml(record: OutboxRecord): string {
  const rows = summaryRows(record)
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const details = escapeHtml(plainText(record.fields.details)).replace(/\r?\n/g, "<br>");
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2a37"><p>A visitor asked for a free consultation on the website.</p><table>${rows}</table><h2 style="font-size:16px">Project details</h2><p>${details}</p><p>Reply to this email to answer ${escapeHtml(plainText(record.fields.name))} directly.</p></body></html>`;
}

/** The webhook's JSON body: flat and stable, for a CRM or an automation tool. */
export function webhookPayload(record: OutboxRecord) {
  return {
    id: record.id,
    receivedAt: record.receivedAt,
    ...record.fields,
    budgetLabel: record.fields.budget ? budgetLabel(record.fields.budget) : "",
    context: record.context,
  };
}
