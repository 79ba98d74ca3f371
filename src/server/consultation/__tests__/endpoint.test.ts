/** @jest-environment node */
import fs from "node:fs";
import { MESSAGES } from "../../../../schemas/consultation";
import { formTokenFrom, validRequest } from "../../../../test/consultation";
import { OUTBOX_ONLY, post, setUpEndpoint } from "./endpoint.harness";

/**
 * POST /api/consultation, called the way Gatsby calls it (a request and a response object), with
 * no delivery channel configured: the outbox is the delivery. This file: what each kind of request
 * is answered, and what an answer never contains; the rate limit is in endpoint.rateLimit.test.ts,
 * the intake of a well-formed request in endpoint.intake.test.ts.
 */

const outbox = setUpEndpoint(OUTBOX_ONLY, ["error", "warn"]);

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
