import fs from "node:fs";
import { waitFor } from "./wait";

/** The consultation outbox the served function writes to during the browser tests (set by e2e/run.ts). */
export const outboxFile = (): string => {
  const file = process.env.E2E_CONSULTATION_OUTBOX;
  if (!file)
    throw new Error("E2E_CONSULTATION_OUTBOX is not set: run the browser tests with `npm run test:e2e`");
  return file;
};

export type OutboxLine = {
  id: string;
  status: string;
  spamReason?: string;
  fields: Record<string, unknown>;
  context: Record<string, unknown>;
};

export function outboxLines(file = outboxFile()): OutboxLine[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** Waits for the request sent with `email` to reach `status`, and returns every line about it. */
export async function waitForRequest(
  email: string,
  status = "stored",
  file = outboxFile(),
): Promise<OutboxLine[]> {
  return waitFor(
    async () => {
      const lines = outboxLines(file).filter((l) => l.fields.email === email);
      return lines.some((l) => l.status === status) ? lines : false;
    },
    `a request from ${email} with status ${status} in ${file}`,
    10_000,
  );
}

let counter = 0;
/** An address no other test uses, so a test finds its own request in the shared outbox. */
export const uniqueEmail = (label: string): string =>
  `${label}-${process.pid}-${Date.now()}-${++counter}@e2e.example`;
