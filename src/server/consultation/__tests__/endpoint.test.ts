/** @jest-environment node */
import fs from "node:fs";
import consultation from "../../../api/consultation";
import { MESSAGES } from "../../../../schemas/consultation";
import { resetProcessStores } from "../stores";
import {
  fakeRequest,
  fakeResponse,
  formTokenFrom,
  tempOutbox,
  validRequest,
  withEnv,
} from "../../../../test/consultation";

/**
 * POST /api/consultation, called the way Gatsby calls it (a request and a response object), with
 * no delivery channel configured: the outbox is the delivery.
 */

let outbox: ReturnType<typeof tempOutbox>;
let restoreEnv: () => void;

beforeEach(async () => {
  await resetProcessStores();
  outbox = tempOutbox();
  restoreEnv = withEnv({
    CONSULTATION_OUTBOX: outbox.file,
    CONSULTATION_RATE_LIMIT: "1000/600",
    SMTP_URL: undefined,
    CONSULTATION_WEBHOOK_URL: undefined,
    CONSULTATION_CLIENT_IP_HEADER: undefined,
    CONSULTATION_TRUSTED_HOPS: undefined,
    CONSULTATION_MIN_FILL_MS: undefined,
    DATABASE_URL: undefined,
    NETLIFY: undefined,
    AWS_LAMBDA_FUNCTION_NAME: undefined,
    LAMBDA_TASK_ROOT: undefined,
    VERCEL: undefined,
    FUNCTION_TARGET: undefined,
    K_SERVICE: undefined,
    FUNCTIONS_WORKER_RUNTIME: undefined,
  });
  jest.spyOn(console, "error").mockImplementation(() => undefined);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  restoreEnv();
  outbox.cleanup();
  jest.restoreAllMocks();
});

async function post(body: unknown, options?: Parameters<typeof fakeRequest>[1]) {
  const res = fakeResponse();
  // The fake objects carry only what the handler reads.
  await consultation(fakeRequest(body, options) as never, res as never);
  return res;
}

describe("201: accepted", () => {
  test("a valid request answers 201 with an id and is appended to the outbox, created if missing", async () => {
    expect(fs.existsSync(outbox.file)).toBe(false);
    const body = validRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");

    const lines = outbox.lines();
    expect(lines.map((l) => l.status)).toEqual(["pending", "stored"]);
    for (const line of lines) {
      expect(line).toMatchObject({
        id,
        receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        idempotencyKey: body.idempotencyKey,
        fields: {
          name: "Ada Lovelace",
          email: "ada@analytical.example",
          phone: "+44 20 7946 0321",
          company: "Analytical Engines Ltd",
          service: "nlp-solutions",
          budget: "25k-50k",
          details: body.details,
          consent: true,
        },
        context: body.context,
      });
    }
    // The spam-trap fields are not part of the lead.
    expect(lines[0].fields).not.toHaveProperty("website");
  });

  test("a JSON body that arrives as a string (another platform's parser) is read too", async () => {
    const res = await post(JSON.stringify(validRequest()));
    expect(res.statusCode).toBe(201);
  });
});

describe("400: invalid", () => {
  test("answers every bad field with a fixed message and stores nothing", async () => {
    const res = await post(
      validRequest({ email: "not-an-email", details: "short", consent: false as never }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: { email: MESSAGES.email, details: MESSAGES.detailsShort, consent: MESSAGES.consent },
    });
    expect(outbox.lines()).toEqual([]);
  });

  test("a missing honeypot field is invalid (it must be present and empty)", async () => {
    const { website: _w, ...body } = validRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { website: MESSAGES.website } });
  });

  test("a body that is not JSON answers 400", async () => {
    const res = await post("{ not json");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { body: "The request body is not valid JSON." } });
  });

  test("an empty body answers 400", async () => {
    for (const body of [undefined, "", null]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { body: MESSAGES.body } });
    }
  });
});

describe("405: other methods", () => {
  test.each(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])(
    "%s answers 405 with Allow: GET, POST",
    async (method) => {
      const res = await post(undefined, { method });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe("GET, POST");
    },
  );
});

describe("GET: a form token", () => {
  test("hands out a token and the minimum fill time, never cached", async () => {
    const res = await post(undefined, { method: "GET", contentType: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token: expect.stringMatching(/^1\.[0-9a-z]+\.[\w-]{32}$/),
      minFillMs: 3000,
    });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  test("a request without a token, or with one the server did not sign, is a 400 that names the token", async () => {
    const { formToken: _t, ...withoutToken } = validRequest();
    for (const body of [
      withoutToken,
      validRequest({ formToken: formTokenFrom(60_000, "someone else's secret") }),
    ]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errors: { formToken: MESSAGES.formToken } });
    }
    expect(outbox.lines()).toEqual([]);
  });
});

describe("413: too large", () => {
  test("a body over 100 kb answers 413, as a string or already parsed", async () => {
    const huge = validRequest({ details: "x".repeat(110 * 1024) });
    expect((await post(JSON.stringify(huge))).statusCode).toBe(413);
    expect((await post(huge)).statusCode).toBe(413);
    expect(outbox.lines()).toEqual([]);
  });

  test("413, not 400, when the platform's body parser gave up on a body over 100 kb and left none", async () => {
    // gatsby-adapter-netlify's wrapper runs Gatsby's body parser but ignores its 413 error and
    // calls the function with no body: only the request's content-length tells.
    const res = await post(undefined, { headers: { "content-length": String(120 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(outbox.lines()).toEqual([]);
  });
});

describe("415: not JSON", () => {
  test.each([
    ["text/plain", JSON.stringify(validRequest())],
    ["application/x-www-form-urlencoded", "name=Ada"],
    ["multipart/form-data; boundary=x", {}],
    [null, validRequest()],
  ])("Content-Type %s answers 415", async (contentType, body) => {
    const res = await post(body, { contentType });
    expect(res.statusCode).toBe(415);
    expect(outbox.lines()).toEqual([]);
  });

  test("application/json with a charset is JSON", async () => {
    expect((await post(validRequest(), { contentType: "application/json; charset=utf-8" })).statusCode).toBe(
      201,
    );
  });
});

describe("429: rate limit", () => {
  test("the sixth request from one address in 10 minutes answers 429 with Retry-After (default 5/600)", async () => {
    delete process.env.CONSULTATION_RATE_LIMIT;
    for (let i = 0; i < 5; i++) expect((await post(validRequest())).statusCode).toBe(201);
    const res = await post(validRequest());
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await post(validRequest(), { ip: "198.51.100.9" })).statusCode).toBe(201);
  });

  test("CONSULTATION_RATE_LIMIT is read at run time, on every request", async () => {
    process.env.CONSULTATION_RATE_LIMIT = "2/60";
    expect((await post(validRequest())).statusCode).toBe(201);
    expect((await post(validRequest())).statusCode).toBe(201);
    const res = await post(validRequest());
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
    process.env.CONSULTATION_RATE_LIMIT = "3/60";
    expect((await post(validRequest())).statusCode).toBe(201);
  });

  test("invalid and non-JSON requests do not use up the address's allowance for requests", async () => {
    process.env.CONSULTATION_RATE_LIMIT = "2/600";
    await post({});
    await post("x", { contentType: "text/plain" });
    expect((await post(validRequest())).statusCode).toBe(201);
    expect((await post(validRequest())).statusCode).toBe(201);
    expect((await post(validRequest())).statusCode).toBe(429);
  });

  test("behind a proxy, the configured header names the client", async () => {
    process.env.CONSULTATION_RATE_LIMIT = "1/600";
    process.env.CONSULTATION_CLIENT_IP_HEADER = "X-Forwarded-For";
    const from = (client: string) => ({ headers: { "x-forwarded-for": `6.6.6.6, ${client}` } });
    expect((await post(validRequest(), from("192.0.2.1"))).statusCode).toBe(201);
    expect((await post(validRequest(), from("192.0.2.2"))).statusCode).toBe(201);
    expect((await post(validRequest(), from("192.0.2.1"))).statusCode).toBe(429);
  });
});

describe("who the client is", () => {
  beforeEach(() => (process.env.CONSULTATION_RATE_LIMIT = "1/600"));
  const limited = async (options: Parameters<typeof fakeRequest>[1]) =>
    (await post(validRequest(), options)).statusCode === 429;

  test("X-Forwarded-For is ignored unless proxies are trusted: a forged entry buys no new quota", async () => {
    expect(await limited({ headers: { "x-forwarded-for": "192.0.2.1" } })).toBe(false);
    expect(await limited({ headers: { "x-forwarded-for": "192.0.2.2" } })).toBe(true);
  });

  test("with CONSULTATION_TRUSTED_HOPS=2 the client is the entry the outer proxy added", async () => {
    process.env.CONSULTATION_TRUSTED_HOPS = "2";
    // visitor-forged entry, the client as the CDN saw it, the CDN as the load balancer saw it
    const via = (forged: string, client: string) => ({
      ip: "10.0.0.2",
      headers: { "x-forwarded-for": `${forged}, ${client}, 10.0.0.1` },
    });
    expect(await limited(via("6.6.6.6", "192.0.2.1"))).toBe(false);
    expect(await limited(via("7.7.7.7", "192.0.2.1"))).toBe(true);
    expect(await limited(via("6.6.6.6", "192.0.2.2"))).toBe(false);
  });

  test("on Netlify the client is the address in Netlify's own header", async () => {
    process.env.NETLIFY = "true";
    const from = (client: string) => ({ ip: "", headers: { "x-nf-client-connection-ip": client } });
    const first = await post(validRequest(), from("192.0.2.1"));
    expect(first.statusCode).not.toBe(429);
    expect(await limited(from("192.0.2.1"))).toBe(true);
    expect(await limited(from("192.0.2.2"))).toBe(false);
  });

  test("IPv6 addresses count by their /64: one visitor cannot rotate through its own network", async () => {
    expect(await limited({ ip: "2001:db8:1:2::1" })).toBe(false);
    expect(await limited({ ip: "2001:db8:1:2:ffff:ffff:ffff:fffe" })).toBe(true);
    expect(await limited({ ip: "2001:0db8:0001:0002::abcd" })).toBe(true);
    expect(await limited({ ip: "2001:db8:1:3::1" })).toBe(false);
  });

  test("a replayed request (same idempotency key) does not use up the quota", async () => {
    process.env.CONSULTATION_RATE_LIMIT = "2/600";
    const body = validRequest();
    const first = await post(body);
    expect(first.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await post(body);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
    }
    expect((await post(validRequest())).statusCode).toBe(201);
    expect((await post(validRequest())).statusCode).toBe(429);
  });
});

describe("on a serverless host without a database", () => {
  beforeEach(() => (process.env.AWS_LAMBDA_FUNCTION_NAME = "consultation"));

  test("a request no channel delivered is answered 503 with a clear error, and the reason is logged", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const body = validRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: expect.stringMatching(/could not .*send your request.*email/i) });
    expect(error.mock.calls.flat().join(" ")).toMatch(/DATABASE_URL/);
    // The retry the form offers is not mistaken for a replay of an accepted request.
    expect((await post(body)).statusCode).toBe(503);
  });

  test("spam is still answered 201 and never delivered", async () => {
    expect((await post(validRequest({ website: "https://spam.example" }))).statusCode).toBe(201);
  });
});

describe("the minimum fill time, on the server's clock", () => {
  test("CONSULTATION_MIN_FILL_MS changes the 3 s spam threshold at run time", async () => {
    process.env.CONSULTATION_MIN_FILL_MS = "500";
    await post(validRequest({ formToken: formTokenFrom(1000) }));
    expect(outbox.lines().at(-1)).toMatchObject({ status: "stored" });
    process.env.CONSULTATION_MIN_FILL_MS = "0";
    await post(validRequest({ formToken: formTokenFrom(0) }));
    expect(outbox.lines().at(-1)).toMatchObject({ status: "stored" });
  });
});

describe("spam", () => {
  test("a filled honeypot answers like success, is recorded as spam and never delivered", async () => {
    const res = await post(validRequest({ website: "https://cheap-seo.example" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(String) });
    expect(outbox.lines()).toEqual([
      expect.objectContaining({
        id: (res.json() as { id: string }).id,
        status: "spam",
        spamReason: "honeypot",
      }),
    ]);
  });

  test("a request sent less than 3 s after its form token was issued is spam", async () => {
    const res = await post(validRequest({ formToken: formTokenFrom(1000) }));
    expect(res.statusCode).toBe(201);
    expect(outbox.lines()).toEqual([expect.objectContaining({ status: "spam", spamReason: "too-fast" })]);
  });

  test("the visitor's own clock plays no part: a token issued 20 s ago is a person, whatever else is sent", async () => {
    const res = await post({
      ...validRequest({ formToken: formTokenFrom(20_000) }),
      startedAt: Date.now() + 3_600_000,
    });
    expect(res.statusCode).toBe(201);
    expect(outbox.lines().map((l) => l.status)).toEqual(["pending", "stored"]);
  });
});

describe("idempotency", () => {
  test("a retry with the same key is accepted once, not twice: same id, one record", async () => {
    const body = validRequest();
    const first = await post(body);
    const retry = await post({ ...body });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(new Set(outbox.lines().map((l) => l.id)).size).toBe(1);
  });

  test("concurrent requests with one key store one record", async () => {
    const body = validRequest();
    const answers = await Promise.all([post(body), post(body), post(body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => (a.json() as { id: string }).id)).size).toBe(1);
    expect(outbox.lines().filter((l) => l.status === "pending")).toHaveLength(1);
  });

  test("a key reused for a different request is rejected", async () => {
    const body = validRequest();
    await post(body);
    const res = await post({ ...body, details: "Something completely different, and long enough." });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: { idempotencyKey: expect.any(String) } });
  });

  test("keys survive a restart: they are read back from the outbox", async () => {
    const body = validRequest();
    const first = await post(body);
    await resetProcessStores(); // a new server process
    const retry = await post(body);
    expect(retry.json()).toEqual(first.json());
    expect(new Set(outbox.lines().map((l) => l.id)).size).toBe(1);
  });
});

describe("failures and what responses never contain", () => {
  test("when the outbox cannot be written the answer is 500, without details, and the key is freed", async () => {
    fs.mkdirSync(outbox.file, { recursive: true }); // a directory where the file should be
    const body = validRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(500);
    expect(res.text).not.toMatch(/EISDIR|at .*\.ts|\//);
    fs.rmSync(outbox.file, { recursive: true });
    expect((await post(body)).statusCode).toBe(201);
  });

  test("HTML and script in every field never come back unescaped", async () => {
    const evil = `<script>alert("x")</script>`;
    const body = Object.fromEntries(Object.keys(validRequest()).map((k) => [k, evil]));
    const res = await post({ ...body, [evil]: evil });
    expect(res.statusCode).toBe(400);
    expect(res.text).not.toContain("<");
    expect(res.text).not.toContain("alert");
  });

  test("an unexpected error is a plain 500 with no stack trace", async () => {
    const handler = await import("../handler");
    jest.spyOn(handler, "handleConsultation").mockRejectedValueOnce(new Error("boom at /secret/path.ts:1"));
    const res = await post(validRequest());
    expect(res.statusCode).toBe(500);
    expect(res.text).not.toMatch(/boom|secret|\.ts/);
  });
});
