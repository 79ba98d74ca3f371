import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fuzzBodies } from "../test/fuzzBodies";
import { formTokenFrom, validRequest } from "../test/consultation";
import { startSmtp, startWebhook, type SmtpPeer, type WebhookPeer } from "../test/peers";
import { baseUrl } from "./lib/browser";
import { outboxLines, uniqueEmail, waitForRequest } from "./lib/outbox";
import { startPostgres, type PostgresServer } from "../test/harness/postgres";
import { serveSite } from "../test/harness/server";
import { API_HEADERS } from "../shared/securityHeaders";

/**
 * The real function bundle under `npm start`'s server (the adapter's wrapper, Gatsby's body
 * parser), not the handler alone: what a visitor's browser or a bot actually reaches.
 */

const endpoint = () => `${baseUrl()}/api/consultation`;

const postJson = (body: unknown, url = endpoint()) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("POST /api/consultation under npm start's server", () => {
  test("201 with an id; the request is in the outbox with its fields and context", async () => {
    const email = uniqueEmail("api");
    const body = validRequest({ email });
    const res = await postJson(body);
    assert.equal(res.status, 201);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    const { id } = (await res.json()) as { id: string };
    const lines = await waitForRequest(email);
    assert.deepEqual(
      lines.map((l) => [l.id, l.status]),
      [
        [id, "pending"],
        [id, "stored"],
      ],
    );
    assert.equal(lines[1].fields.details, body.details);
    assert.deepEqual(lines[1].context, body.context);
  });

  test("a retry with the same idempotency key is accepted once, not twice", async () => {
    const email = uniqueEmail("retry");
    const body = validRequest({ email });
    const first = (await (await postJson(body)).json()) as { id: string };
    const again = await postJson(body);
    assert.equal(again.status, 201);
    assert.deepEqual(await again.json(), first);
    await waitForRequest(email);
    assert.equal(
      new Set(
        outboxLines()
          .filter((l) => l.fields.email === email)
          .map((l) => l.id),
      ).size,
      1,
    );
  });

  test("400 with field errors; 405 for other methods; 415 for other content types", async () => {
    const invalid = await postJson(validRequest({ email: "nope", consent: false as never }));
    assert.equal(invalid.status, 400);
    assert.deepEqual(Object.keys(((await invalid.json()) as { errors: object }).errors), [
      "email",
      "consent",
    ]);

    for (const method of ["PUT", "DELETE", "PATCH"]) {
      const res = await fetch(endpoint(), { method });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get("allow"), "GET, POST");
    }
    const token = await fetch(endpoint());
    assert.equal(token.status, 200);
    assert.match(((await token.json()) as { token: string }).token, /^1\./);
    const text = await fetch(endpoint(), {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify(validRequest()),
    });
    assert.equal(text.status, 415);
    const form = await fetch(endpoint(), { method: "POST", body: new URLSearchParams({ name: "Ada" }) });
    assert.equal(form.status, 415);
  });

  test("413 for a body over 100 kb; 400 for invalid JSON; neither echoes input or a stack trace", async () => {
    const huge = await postJson(validRequest({ details: "<script>".repeat(15_000) }));
    assert.equal(huge.status, 413);
    assert.doesNotMatch(await huge.text(), /<script>|at \S+\.js:\d+/);

    const broken = await fetch(endpoint(), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"name": "<script>alert(1)</script>", ',
    });
    assert.equal(broken.status, 400);
    const text = await broken.text();
    assert.doesNotMatch(text, /alert|<script>|at \S+\.js:\d+|SyntaxError/);
  });

  test("spam (honeypot, or sent too soon after its form token) answers 201 and is recorded as spam", async () => {
    const trap = uniqueEmail("honeypot");
    const fast = uniqueEmail("fast");
    assert.equal(
      (await postJson(validRequest({ email: trap, website: "https://spam.example" }))).status,
      201,
    );
    assert.equal((await postJson(validRequest({ email: fast, formToken: formTokenFrom(0) }))).status, 201);
    assert.equal((await waitForRequest(trap, "spam"))[0].spamReason, "honeypot");
    assert.equal((await waitForRequest(fast, "spam"))[0].spamReason, "too-fast");
  });

  test("fuzz: every malformed body gets a 4xx, nothing is stored, and the server keeps answering", async () => {
    const cases = fuzzBodies();
    assert.ok(cases.length >= 50, `${cases.length} cases`);
    const before = outboxLines().length;
    const problems: string[] = [];
    for (const c of cases) {
      const res = await fetch(endpoint(), {
        method: "POST",
        headers: { "Content-Type": c.contentType ?? "application/json" },
        body: c.body,
      });
      const text = await res.text();
      if (res.status < 400 || res.status >= 500) problems.push(`${c.label}: ${res.status}`);
      if (/<script|onerror|alert\(|at \S+\.js:\d+/.test(text))
        problems.push(`${c.label}: echoed ${text.slice(0, 80)}`);
    }
    assert.deepEqual(problems, []);
    assert.equal(outboxLines().length, before, "a malformed body was stored");
    assert.equal((await fetch(`${baseUrl()}/`)).status, 200);
    assert.equal((await postJson(validRequest({ email: uniqueEmail("after-fuzz") }))).status, 201);
  });
});

describe("a second server configured at run time (rate limit, SMTP and webhook)", () => {
  let server: Awaited<ReturnType<typeof serveSite>>;
  let smtp: SmtpPeer;
  let webhook: WebhookPeer;
  let dir: string;

  before(async () => {
    smtp = await startSmtp();
    webhook = await startWebhook();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-delivery-"));
    // The site was built without any of these: they are read when the function runs.
    server = await serveSite(process.cwd(), {
      CONSULTATION_OUTBOX: path.join(dir, "outbox.ndjson"),
      CONSULTATION_RATE_LIMIT: "3/600",
      SMTP_URL: smtp.url,
      CONSULTATION_TO: "leads@copperline.example",
      CONSULTATION_FROM: "website@copperline.example",
      CONSULTATION_WEBHOOK_URL: webhook.url,
    });
  });

  after(async () => {
    await server?.stop();
    await smtp?.stop();
    await webhook?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the function delivers by email and webhook, and the 4th request in 10 minutes gets 429 with Retry-After", async () => {
    const url = `${server.url}/api/consultation`;
    const email = uniqueEmail("delivered");
    const res = await postJson(validRequest({ email }), url);
    assert.equal(res.status, 201);
    // npm start answers once the request is saved; the email and the webhook follow at once.
    const lines = await waitForRequest(email, "delivered", path.join(dir, "outbox.ndjson"));
    assert.equal(lines.at(-1)!.status, "delivered");
    assert.equal(smtp.mails.length, 1);
    assert.match(smtp.mails[0].text, new RegExp(`Email: ${email.replace(/[.]/g, "\\.")}`));
    assert.equal(webhook.calls.length, 1);
    assert.equal(webhook.calls[0].json.email, email);

    const second = uniqueEmail("delivered");
    const third = uniqueEmail("delivered");
    assert.equal((await postJson(validRequest({ email: second }), url)).status, 201);
    assert.equal((await postJson(validRequest({ email: third }), url)).status, 201);
    const limited = await postJson(validRequest(), url);
    assert.equal(limited.status, 429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    assert.ok(retryAfter > 500 && retryAfter <= 600, `Retry-After ${retryAfter}`);
    // The two accepted after the first are delivered too, before the server stops: stopping it in
    // the middle of a message is a different test (the outbox's retries, in the unit tests).
    for (const email of [second, third])
      await waitForRequest(email, "delivered", path.join(dir, "outbox.ndjson"));
    assert.equal(smtp.mails.length, 3);
    assert.equal(webhook.calls.length, 3);
    assert.deepEqual(smtp.connectionErrors, []);
  });
});

describe("a server with DATABASE_URL: the compiled function keeps its leads in PostgreSQL", () => {
  let server: Awaited<ReturnType<typeof serveSite>>;
  let pg: PostgresServer;
  let url: string;

  before(async () => {
    pg = await startPostgres();
    url = await pg.createDatabase();
    server = await serveSite(process.cwd(), {
      DATABASE_URL: url,
      CONSULTATION_OUTBOX: "/nonexistent/outbox.ndjson",
      CONSULTATION_RATE_LIMIT: "2/600",
      SMTP_URL: "",
      CONSULTATION_WEBHOOK_URL: "",
    });
  });

  after(async () => {
    await server?.stop();
    await pg?.stop();
  });

  test("201 saves the request in the database; a replay uses no quota; the third request gets 429", async () => {
    const endpointUrl = `${server.url}/api/consultation`;
    const body = validRequest({ email: uniqueEmail("postgres") });
    const first = await postJson(body, endpointUrl);
    assert.equal(first.status, 201);
    const { id } = (await first.json()) as { id: string };
    const replay = await postJson(body, endpointUrl);
    assert.equal(replay.status, 201);
    assert.deepEqual(await replay.json(), { id });

    const { Client } = await import("pg");
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT id, status, fields->>'email' AS email FROM consultation_requests",
      );
      assert.deepEqual(rows, [{ id, status: "stored", email: body.email }]);
    } finally {
      await client.end();
    }
    assert.equal((await postJson(validRequest(), endpointUrl)).status, 201);
    assert.equal((await postJson(validRequest(), endpointUrl)).status, 429);
  });

  test("GET /api/health: 200 with the function's headers, cacheable for 5 s; 503 once a lead has reached no channel for 30 minutes", async () => {
    const healthUrl = `${server.url}/api/health`;
    const ok = await fetch(healthUrl);
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), {
      status: "ok",
      waiting: 0,
      stuck: 0,
      oldestWaitingSeconds: null,
      stuckAfterSeconds: 1800,
    });
    for (const [name, value] of Object.entries(API_HEADERS)) assert.equal(ok.headers.get(name), value, name);
    assert.equal(ok.headers.get("cache-control"), "public, max-age=5");

    const { Client } = await import("pg");
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      // A lead the channels failed, 31 minutes ago.
      await client.query(
        "UPDATE consultation_requests SET status = 'failed', received_at = now() - interval '31 minutes' WHERE id = (SELECT id FROM consultation_requests LIMIT 1)",
      );
      const stuck = await fetch(healthUrl);
      assert.equal(stuck.status, 503);
      assert.deepEqual(((await stuck.json()) as { status: string; stuck: number }).stuck, 1);
    } finally {
      await client.query("UPDATE consultation_requests SET status = 'stored'");
      await client.end();
    }
  });
});
