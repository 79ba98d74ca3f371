/** @jest-environment node */
import os from "node:os";
import path from "node:path";
import { clientAddress, rateKey } from "../clientAddress";
import { DEFAULT_OUTBOX, DEFAULT_OUTBOX_MAX_BYTES, parseRateLimit, readConfig } from "../config";
import { configuredChannels } from "../delivery";

describe("configuration", () => {
  test("CONSULTATION_RATE_LIMIT is count/seconds, with 5/600 as the default", () => {
    expect(parseRateLimit("5/600")).toEqual({ max: 5, windowMs: 600_000 });
    expect(parseRateLimit(" 20 / 60 ")).toEqual({ max: 20, windowMs: 60_000 });
    for (const bad of [undefined, "", "five", "5", "0/600", "5/0", "-1/5"]) {
      expect(parseRateLimit(bad)).toEqual({ max: 5, windowMs: 600_000 });
    }
  });

  test("the outbox defaults to .data/ under the working directory; relative paths resolve there", () => {
    const file = (env: Record<string, string>) => readConfig(env, "/srv/site").store;
    const maxBytes = DEFAULT_OUTBOX_MAX_BYTES;
    expect(file({})).toEqual({ kind: "file", path: path.join("/srv/site", DEFAULT_OUTBOX), maxBytes });
    expect(file({ CONSULTATION_OUTBOX: "leads.ndjson" })).toEqual({
      kind: "file",
      path: "/srv/site/leads.ndjson",
      maxBytes,
    });
    expect(
      file({ CONSULTATION_OUTBOX: "/var/leads.ndjson", CONSULTATION_OUTBOX_MAX_BYTES: "1000000" }),
    ).toEqual({
      kind: "file",
      path: "/var/leads.ndjson",
      maxBytes: 1_000_000,
    });
  });

  test("DATABASE_URL chooses PostgreSQL, which is durable everywhere", () => {
    const config = readConfig({ DATABASE_URL: "postgres://u:p@db.example/leads", NETLIFY: "true" });
    expect(config.store).toMatchObject({
      kind: "postgres",
      url: "postgres://u:p@db.example/leads",
      connection: { host: "db.example", user: "u", password: "p", database: "leads" },
    });
    expect(config.durable).toBe(true);
  });

  test("the PG* variables fill in what DATABASE_URL leaves out; the URL wins where both say", () => {
    const pgEnv = {
      PGHOST: "pg.internal",
      PGPORT: "6432",
      PGUSER: "leads",
      PGPASSWORD: "pw",
      PGDATABASE: "crm",
    };
    const bare = readConfig({ DATABASE_URL: "postgres://", ...pgEnv }).store;
    expect(bare).toMatchObject({
      connection: { host: "pg.internal", port: 6432, user: "leads", password: "pw", database: "crm" },
    });
    const both = readConfig({ DATABASE_URL: "postgres://app@db.example:5432/leads", ...pgEnv }).store;
    expect(both).toMatchObject({
      connection: { host: "db.example", port: 5432, user: "app", database: "leads" },
    });
    // PGSSLMODE applies unless the URL has its own sslmode.
    const tls = readConfig({ DATABASE_URL: "postgres://db.example/leads", PGSSLMODE: "require" }).store;
    expect(tls).toMatchObject({ connection: { ssl: { rejectUnauthorized: false } } });
    const off = readConfig({
      DATABASE_URL: "postgres://db.example/leads?sslmode=disable",
      PGSSLMODE: "require",
    }).store;
    expect(off).toMatchObject({ connection: { ssl: false } });
  });

  test.each(["NETLIFY", "AWS_LAMBDA_FUNCTION_NAME", "LAMBDA_TASK_ROOT", "VERCEL", "K_SERVICE"])(
    "%s marks a serverless runtime: the file outbox is not durable there and defaults to the temporary directory",
    (name) => {
      const config = readConfig({ [name]: "1" }, "/var/task");
      expect(config).toMatchObject({ durable: false, serverless: name });
      expect(config.store).toMatchObject({
        kind: "file",
        path: path.join(os.tmpdir(), "consultation-requests.ndjson"),
      });
      expect(readConfig({}, "/srv/site")).toMatchObject({ durable: true, serverless: undefined });
    },
  );

  test("CONSULTATION_MIN_FILL_MS: 3000 unless set to a whole number of milliseconds", () => {
    expect(readConfig({}).minFillMs).toBe(3000);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "0" }).minFillMs).toBe(0);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "250" }).minFillMs).toBe(250);
    expect(readConfig({ CONSULTATION_MIN_FILL_MS: "-5" }).minFillMs).toBe(3000);
  });

  test("channels: none by default; email with SMTP_URL; webhook with CONSULTATION_WEBHOOK_URL", () => {
    expect(configuredChannels(readConfig({}))).toEqual([]);
    const both = readConfig({
      SMTP_URL: "smtp://mail.example:587",
      CONSULTATION_TO: "leads@example.com",
      CONSULTATION_WEBHOOK_URL: "https://crm.example/hook",
    });
    expect(configuredChannels(both)).toEqual(["email", "webhook"]);
    expect(both.email).toEqual({
      smtpUrl: "smtp://mail.example:587",
      to: "leads@example.com",
      from: "leads@example.com",
      allowInsecureAuth: false,
    });
  });
});

describe("the stuck-lead alert", () => {
  test("30 minutes unless set; the alert email through CONSULTATION_ALERT_SMTP_URL, else SMTP_URL", () => {
    expect(readConfig({}).alert).toEqual({ afterMs: 30 * 60_000, webhookUrl: undefined, email: undefined });
    expect(readConfig({ CONSULTATION_ALERT_AFTER_MINUTES: "5" }).alert.afterMs).toBe(5 * 60_000);
    expect(readConfig({ CONSULTATION_ALERT_AFTER_MINUTES: "0" }).alert.afterMs).toBe(30 * 60_000);
    // No mail server at all: no alert email.
    expect(readConfig({ CONSULTATION_ALERT_TO: "ops@example.com" }).alert.email).toBeUndefined();
    const leadsServer = readConfig({
      SMTP_URL: "smtps://mail.example:465",
      CONSULTATION_FROM: "website@example.com",
      CONSULTATION_ALERT_TO: "ops@example.com",
    });
    expect(leadsServer.alert.email).toEqual({
      to: "ops@example.com",
      smtpUrl: "smtps://mail.example:465",
      from: "website@example.com",
      allowInsecureAuth: false,
    });
    const ownServer = readConfig({
      SMTP_URL: "smtps://mail.example:465",
      CONSULTATION_FROM: "website@example.com",
      CONSULTATION_ALERT_TO: "ops@example.com",
      CONSULTATION_ALERT_SMTP_URL: "smtps://other.example:465",
    });
    expect(ownServer.alert.email).toMatchObject({
      smtpUrl: "smtps://other.example:465",
      from: "ops@example.com",
    });
  });
});

describe("the client address", () => {
  const config = (env: Record<string, string> = {}) => readConfig(env);
  const req = (headers: Record<string, string>, socket = "10.0.0.9", extra = {}) => ({
    headers,
    socket: { remoteAddress: socket },
    ...extra,
  });

  test("a header or forwarded entry that is not an IP address is not taken: the connection's address counts", () => {
    const header = config({ CONSULTATION_CLIENT_IP_HEADER: "X-Real-IP" });
    for (const junk of ["not-an-address", "192.0.2.300", "", "2001:db8::g", "x".repeat(200)]) {
      expect(clientAddress(req({ "x-real-ip": junk }), header)).toBe("10.0.0.9");
    }
    const hops = config({ CONSULTATION_TRUSTED_HOPS: "1" });
    expect(clientAddress(req({ "x-forwarded-for": "hello" }, "10.0.0.1"), hops)).toBe("10.0.0.1");
  });

  test("IPv6 addresses are keyed by their /64; IPv4 and IPv4-mapped ones by the address", () => {
    expect(rateKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(rateKey("2001:0DB8:0001:0002::9")).toBe("2001:db8:1:2::/64");
    expect(rateKey("::1")).toBe("0:0:0:0::/64");
    expect(rateKey("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(rateKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(rateKey("192.0.2.7")).toBe("192.0.2.7");
    expect(rateKey("192.0.2.7:51234")).toBe("192.0.2.7");
  });

  test("X-Forwarded-For counts only through the trusted hops", () => {
    const xff = { "x-forwarded-for": "6.6.6.6, 192.0.2.1, 10.0.0.1" };
    expect(clientAddress(req(xff), config())).toBe("10.0.0.9");
    expect(clientAddress(req(xff), config({ CONSULTATION_TRUSTED_HOPS: "1" }))).toBe("10.0.0.1");
    expect(clientAddress(req(xff), config({ CONSULTATION_TRUSTED_HOPS: "2" }))).toBe("192.0.2.1");
    // The old setting, CONSULTATION_CLIENT_IP_HEADER=x-forwarded-for, keeps meaning one proxy.
    expect(clientAddress(req(xff), config({ CONSULTATION_CLIENT_IP_HEADER: "X-Forwarded-For" }))).toBe(
      "10.0.0.1",
    );
  });

  test("the host's own header wins; Netlify's is used on Netlify only", () => {
    const headers = { "x-nf-client-connection-ip": "192.0.2.5", "x-forwarded-for": "6.6.6.6" };
    expect(clientAddress(req(headers), config())).toBe("10.0.0.9");
    expect(clientAddress(req(headers), config({ NETLIFY: "true" }))).toBe("192.0.2.5");
    expect(clientAddress(req(headers, "", { netlifyFunctionParams: {} }), config())).toBe("192.0.2.5");
    expect(
      clientAddress(
        req({ "x-real-ip": "192.0.2.6" }),
        config({ CONSULTATION_CLIENT_IP_HEADER: "X-Real-IP" }),
      ),
    ).toBe("192.0.2.6");
  });
});
