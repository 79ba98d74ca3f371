/** @jest-environment node */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { readConfig } from "../config";
import { deliver } from "../delivery";
import { handleConsultation, type Deps } from "../handler";
import { openStore } from "../stores";
import type { OutboxRecord } from "../record";
import { fakeRequest, TEST_ENV, validRequest } from "../../../../test/consultation";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";
import { Client } from "pg";

/**
 * Credentials on the way out: an SMTP password never crosses the network in clear, and the
 * database connection honours libpq's standard PG* variables of the environment the function
 * runs in (Gatsby's bundler replaces `process.env` in the function, so node-postgres cannot read
 * them itself).
 */

interface AuthPeer {
  url: (credentials: string, query?: string) => string;
  logins: { user: string; overTls: boolean }[];
  mails: number;
  stop(): Promise<void>;
}

/** An SMTP server that asks for a login; with a certificate it offers STARTTLS, without one it does not. */
async function startAuthSmtp(tls?: { key: Buffer; cert: Buffer }): Promise<AuthPeer> {
  const peer = { logins: [], mails: 0 } as unknown as AuthPeer;
  const server = new SMTPServer({
    logger: false,
    authMethods: ["PLAIN", "LOGIN"],
    // Without a certificate the server takes a login in clear, as a misconfigured relay would.
    allowInsecureAuth: !tls,
    ...(tls ? { key: tls.key, cert: tls.cert } : { disabledCommands: ["STARTTLS"] }),
    onAuth(auth, session, callback) {
      peer.logins.push({ user: auth.username ?? "", overTls: Boolean(session.secure) });
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => {
        peer.mails += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  peer.url = (credentials, query = "") => `smtp://${credentials}@127.0.0.1:${port}/${query}`;
  peer.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return peer;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "smtp-tls-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return {
      key: fs.readFileSync(path.join(dir, "key.pem")),
      cert: fs.readFileSync(path.join(dir, "cert.pem")),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const record = (): OutboxRecord => {
  const body = validRequest();
  return {
    id: "3b0c4a52-0e34-4a55-9a4b-0d4f6a1b2c3d",
    receivedAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    status: "pending",
    idempotencyKey: body.idempotencyKey,
    fingerprint: "f",
    fields: {
      ...body,
      phone: body.phone ?? "",
      company: body.company ?? "",
      budget: body.budget ?? "",
    } as never,
    context: body.context,
    delivery: {},
  };
};

describe("SMTP credentials", () => {
  test("a server that offers no STARTTLS never sees the password: the delivery fails and says why", async () => {
    const smtp = await startAuthSmtp();
    try {
      const config = readConfig({
        SMTP_URL: smtp.url("leads:s3cret"),
        CONSULTATION_TO: "sales@copperline.example",
      });
      const result = await deliver(record(), config);
      expect(result.status).toBe("failed");
      expect(result.delivery.email?.error).toMatch(/TLS/i);
      expect(smtp.logins).toEqual([]);
      expect(smtp.mails).toBe(0);
    } finally {
      await smtp.stop();
    }
  });

  test("with STARTTLS offered, the login goes over TLS and the mail is sent", async () => {
    const smtp = await startAuthSmtp(selfSignedCertificate());
    try {
      // The test's certificate is its own: the client is told to accept it.
      const config = readConfig({
        SMTP_URL: smtp.url("leads:s3cret", "?tls.rejectUnauthorized=false"),
        CONSULTATION_TO: "sales@copperline.example",
      });
      const result = await deliver(record(), config);
      expect(result.status).toBe("delivered");
      expect(smtp.logins).toEqual([{ user: "leads", overTls: true }]);
    } finally {
      await smtp.stop();
    }
  }, 30_000);

  test("SMTP_ALLOW_INSECURE_AUTH=true is the documented way to log in without TLS (a relay on the same machine)", async () => {
    const smtp = await startAuthSmtp();
    try {
      const config = readConfig({
        SMTP_URL: smtp.url("leads:s3cret"),
        CONSULTATION_TO: "sales@copperline.example",
        SMTP_ALLOW_INSECURE_AUTH: "true",
      });
      expect((await deliver(record(), config)).status).toBe("delivered");
      expect(smtp.logins).toEqual([{ user: "leads", overTls: false }]);
    } finally {
      await smtp.stop();
    }
  });
});

describe("PG* variables", () => {
  let pg: PostgresServer;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  test("DATABASE_URL=postgres:// takes host, port, user and database from PGHOST, PGPORT, PGUSER and PGDATABASE", async () => {
    const database = new URL(await pg.createDatabase()).pathname.slice(1);
    const env = {
      ...TEST_ENV,
      DATABASE_URL: "postgres://",
      PGHOST: "127.0.0.1",
      PGPORT: String(pg.port),
      PGUSER: "postgres",
      PGDATABASE: database,
      CONSULTATION_RATE_LIMIT: "100/600",
    };
    const config = readConfig(env);
    const store = openStore(config);
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const deps: Deps = { config, store, now: Date.now, log };
    try {
      const reply = await handleConsultation(fakeRequest(validRequest()) as never, deps);
      expect(reply.status).toBe(201);
      const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${pg.port}/${database}` });
      await client.connect();
      const { rows } = await client.query("SELECT id FROM consultation_requests");
      await client.end();
      expect(rows).toEqual([{ id: (reply.body as { id: string }).id }]);
    } finally {
      await store.close();
    }
  });

  test("PGSSLMODE=require is honoured: a server without TLS is refused, and the log says why", async () => {
    const url = await pg.createDatabase();
    const config = readConfig({
      DATABASE_URL: url,
      PGSSLMODE: "require",
      CONSULTATION_RATE_LIMIT: "100/600",
    });
    const log = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const store = openStore(config, log);
    const deps: Deps = { config, store, now: Date.now, log };
    try {
      const reply = await handleConsultation(fakeRequest(validRequest()) as never, deps).catch(() => ({
        status: 599,
      }));
      // No channel is configured either: the lead is refused, with the reason in the log.
      expect([500, 503]).toContain(reply.status);
      expect(JSON.stringify(log.error.mock.calls)).toMatch(/does not support SSL/i);
    } finally {
      await store.close();
    }
  });
});
