import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ConsultationRequestInput } from "../schemas/consultation";
import type { OutboxRecord } from "../src/server/consultation/record";
import { issueFormToken } from "../src/server/consultation/formToken";

/** Fixtures for the consultation endpoint's tests: a valid body, fake req/res, a temp outbox. */

export const newKey = (): string => randomBytes(12).toString("hex");

/**
 * The form-token secret of the tests (CONSULTATION_SECRET: jest's setup sets it, and tests that
 * build their own environment pass `TEST_ENV`), so a fixture can hold a token the server accepts.
 */
export const TEST_FORM_SECRET = "test-form-secret-0123456789abcdef";
export const TEST_ENV = { CONSULTATION_SECRET: TEST_FORM_SECRET } as const;

/** A form token the server handed out `msAgo` milliseconds ago. */
export const formTokenFrom = (msAgo: number, secret = TEST_FORM_SECRET): string =>
  issueFormToken(secret, Date.now() - msAgo);

export function validRequest(overrides: Partial<ConsultationRequestInput> = {}): ConsultationRequestInput {
  return {
    name: "Ada Lovelace",
    email: "ada@analytical.example",
    phone: "+44 20 7946 0321",
    company: "Analytical Engines Ltd",
    service: "nlp-solutions",
    budget: "25k-50k",
    details: "We want to classify 40,000 support emails a month and route them to the right team.",
    consent: true,
    website: "",
    formToken: formTokenFrom(60_000),
    idempotencyKey: newKey(),
    context: { page: "/services/nlp-solutions", service: "nlp-solutions", country: "GB" },
    ...overrides,
  };
}

export interface FakeRequest {
  method: string;
  headers: Record<string, string>;
  body?: unknown;
  ip?: string;
  socket: { remoteAddress?: string };
}

export function fakeRequest(
  body: unknown,
  { method = "POST", contentType = "application/json", ip = "203.0.113.7", headers = {} } = {} as {
    method?: string;
    contentType?: string | null;
    ip?: string;
    headers?: Record<string, string>;
  },
): FakeRequest {
  return {
    method,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
    body,
    socket: { remoteAddress: ip },
  };
}

export interface FakeResponse {
  statusCode: number;
  headers: Record<string, string>;
  text: string;
  json: () => unknown;
  status(code: number): FakeResponse;
  setHeader(name: string, value: string): FakeResponse;
  send(body: string): FakeResponse;
}

export function fakeResponse(): FakeResponse {
  const res: FakeResponse = {
    statusCode: 200,
    headers: {},
    text: "",
    json: () => JSON.parse(res.text),
    status(code) {
      res.statusCode = code;
      return res;
    },
    setHeader(name, value) {
      res.headers[name.toLowerCase()] = value;
      return res;
    },
    send(body) {
      res.text = body;
      return res;
    },
  };
  return res;
}

export function tempOutbox(): {
  dir: string;
  file: string;
  lines: () => Record<string, unknown>[];
  cleanup: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
  const file = path.join(dir, "nested", "consultation-requests.ndjson");
  return {
    dir,
    file,
    lines: () =>
      fs.existsSync(file)
        ? fs
            .readFileSync(file, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [],
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Sets environment variables for one test and returns a function that restores them. */
export function withEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

/** A request as the stores keep it, with text a template must escape. */
export const outboxRecord = (overrides: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id: "r1",
  receivedAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  status: "pending",
  idempotencyKey: "key-key-key-key-key-1",
  fingerprint: "f1",
  fields: {
    name: "Grace <Hopper>",
    email: "grace@navy.example",
    phone: "",
    company: "",
    service: "not-sure",
    budget: "",
    details: "Compilers & <b>bugs</b>, line one\nline two",
    consent: true,
  },
  context: { page: "/contact" },
  delivery: {},
  ...overrides,
});
