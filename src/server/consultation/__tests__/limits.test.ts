/** @jest-environment node */
import consultation from "../../../api/consultation";
import { replyToName } from "../message";
import { resetProcessStores } from "../stores";
import { fakeRequest, fakeResponse, tempOutbox, validRequest, withEnv } from "../../../../test/consultation";
import { startSmtp, type SmtpPeer } from "../../../../test/peers";

/**
 * Limits that must bound something: who counts as one client, what is charged to a shared
 * address, who measures the fill time, and how much a flood can make the server keep.
 */

let outbox: ReturnType<typeof tempOutbox>;
let restoreEnv: () => void;

beforeEach(async () => {
  await resetProcessStores();
  outbox = tempOutbox();
  restoreEnv = withEnv({
    CONSULTATION_OUTBOX: outbox.file,
    CONSULTATION_RATE_LIMIT: "5/600",
    SMTP_URL: undefined,
    CONSULTATION_WEBHOOK_URL: undefined,
    CONSULTATION_CLIENT_IP_HEADER: undefined,
    CONSULTATION_TRUSTED_HOPS: undefined,
    CONSULTATION_MIN_FILL_MS: undefined,
    CONSULTATION_OUTBOX_MAX_BYTES: undefined,
    DATABASE_URL: undefined,
  });
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(async () => {
  restoreEnv();
  outbox.cleanup();
  jest.restoreAllMocks();
  await resetProcessStores();
});

async function call(body: unknown, options?: Parameters<typeof fakeRequest>[1]) {
  const res = fakeResponse();
  await consultation(fakeRequest(body, options) as never, res as never);
  return res;
}

describe("who one client is", () => {
  test("IPv6: rotating through the /64s of one /48 does not buy a fresh allowance each time", async () => {
    const statuses: number[] = [];
    for (let subnet = 1; subnet <= 40; subnet++) {
      statuses.push((await call(validRequest(), { ip: `2001:db8:1:${subnet.toString(16)}::1` })).statusCode);
    }
    expect(statuses).toContain(429);
    // Another network is not affected.
    expect((await call(validRequest(), { ip: "2001:db8:2:1::1" })).statusCode).toBe(201);
  });

  test("the client-address header is taken only when it holds an address", async () => {
    process.env.CONSULTATION_CLIENT_IP_HEADER = "x-real-ip";
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (await call(validRequest(), { headers: { "x-real-ip": `not-an-address-${i}` } })).statusCode,
      );
    }
    // Every made-up value counts against the one connection they all came from.
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test("invalid requests are not charged to the address: a valid request from a shared address still gets through", async () => {
    for (let i = 0; i < 20; i++) expect((await call({ name: "" })).statusCode).toBe(400);
    expect((await call("x", { contentType: "text/plain" })).statusCode).toBe(415);
    expect((await call(validRequest())).statusCode).toBe(201);
  });

  test("a flood of invalid requests from one address is itself limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) statuses.push((await call({ name: "" })).statusCode);
    expect(statuses).toContain(429);
    expect((await call(validRequest(), { ip: "198.51.100.77" })).statusCode).toBe(201);
  });
});

describe("the fill time is measured by the server", () => {
  const tokenNow = async () => {
    const res = await call(undefined, { method: "GET", contentType: null });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  };

  test("a form token is handed out by GET, and a send right after it is spam whatever the client's clock says", async () => {
    const token = await tokenNow();
    const res = await call({ ...validRequest(), formToken: token, startedAt: Date.now() - 3_600_000 });
    expect(res.statusCode).toBe(201);
    expect(outbox.lines().at(-1)).toMatchObject({ status: "spam", spamReason: "too-fast" });
  });
});

describe("what a flood can make the server keep", () => {
  let smtp: SmtpPeer | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });

  test("the outbox stops growing at CONSULTATION_OUTBOX_MAX_BYTES; leads then go out by a channel directly", async () => {
    smtp = await startSmtp();
    process.env.SMTP_URL = smtp.url;
    process.env.CONSULTATION_TO = "leads@copperline.example";
    process.env.CONSULTATION_RATE_LIMIT = "1000/600";
    process.env.CONSULTATION_OUTBOX_MAX_BYTES = "8192";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await call(validRequest(), { ip: `192.0.2.${i + 1}` })).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const fs = await import("node:fs");
    expect(fs.statSync(outbox.file).size).toBeLessThanOrEqual(8192);
    // Every lead reached the inbox, those the full outbox could not keep included.
    expect(smtp.mails).toHaveLength(12);
  });
});

describe("names in the email", () => {
  test.each([
    ["a full-width at sign", "ceo\uff20bank.example"],
    ["a small at sign", "ceo\ufe6bbank.example"],
    ["full-width angle brackets", "Eve \uff1cceo@bank.example\uff1e"],
    ["an at sign after a right-to-left override", "moc.knab\u202e@oec"],
  ])("the Reply-To display name with %s shows nothing that reads as an address", (_label, name) => {
    const shown = replyToName(name);
    expect(shown.normalize("NFKC")).not.toMatch(/[@\uff20\ufe6b<>\uff1c\uff1e]/);
    expect(shown).toMatch(/^[\p{L}\p{M}\p{N} .'-]*$/u);
  });
});
