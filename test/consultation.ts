import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ConsultationRequestInput } from "../schemas/consultation";

/** Fixtures for the consultation endpoint's tests: a valid body, fake req/res, a temp outbox. */

export const newKey = (): string => randomBytes(12).toString("hex");

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
    startedAt: Date.now() - 60_000,
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
