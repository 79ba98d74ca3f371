/** @jest-environment node */
import { resetProcessStores } from "../stores";
import { formTokenFrom, validRequest } from "../../../../test/consultation";
import { OUTBOX_ONLY, post, setUpEndpoint } from "./endpoint.harness";

/**
 * A well-formed request's intake through the endpoint (endpoint.test.ts describes the setup): the
 * spam checks on the server's clock, idempotency, and a serverless host with nowhere durable to
 * keep a lead.
 */

const outbox = setUpEndpoint(OUTBOX_ONLY, ["error", "warn"]);

describe("on a serverless host without a database", () => {
  beforeEach(() => (process.env.AWS_LAMBDA_FUNCTION_NAME = "consultation"));

  test("a request no channel delivered is answered 503 with a clear error, and the reason is logged", async () => {
    const body = validRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: expect.stringMatching(/could not .*send your request.*email/i) });
    expect(outbox.log.lines.filter((l) => l.event === "refused")).toEqual([
      expect.objectContaining({ level: "error", msg: expect.stringMatching(/Set DATABASE_URL/) }),
    ]);
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
