/** @jest-environment node */
import health from "../../../api/health";
import { API_HEADERS } from "../../../../shared/securityHeaders";
import { resetProcessStores } from "../stores";
import { fakeRequest, fakeResponse, TEST_ENV, validRequest, withEnv } from "../../../../test/consultation";
import { closedPort } from "../../../../test/badPeers";
import { captureJsonLog } from "../../../../test/jsonLog";
import { post } from "./endpoint.harness";
import { lead, setUpStore, STORE_KINDS } from "./store.harness";

/**
 * GET /api/health as an uptime monitor calls it (the Gatsby Function src/api/health.ts, on both
 * stores): 200 while the store answers and no lead is stuck, 503 otherwise, a small JSON body of
 * counts and ages with the function's security headers, cacheable for a few seconds, and rate
 * limited in a bucket of its own.
 */

const MINUTE = 60_000;
const BODY_KEYS = ["oldestWaitingSeconds", "status", "stuck", "stuckAfterSeconds", "waiting"];

async function check(method = "GET", ip = "198.51.100.7") {
  const res = fakeResponse();
  await health(fakeRequest(undefined, { method, ip, contentType: null }) as never, res as never);
  return res;
}

let restoreEnv: () => void;
const useEnv = (env: Record<string, string | undefined>) => {
  restoreEnv = withEnv({
    ...TEST_ENV,
    DATABASE_URL: undefined,
    CONSULTATION_OUTBOX: undefined,
    CONSULTATION_ALERT_AFTER_MINUTES: undefined,
    CONSULTATION_RATE_LIMIT: undefined,
    ...env,
  });
};
// The store's failures are logged; the tests read the answers.
beforeEach(() => captureJsonLog());
afterEach(async () => {
  restoreEnv();
  await resetProcessStores();
  jest.restoreAllMocks();
});

describe.each(STORE_KINDS)("the %s store", (kind) => {
  const kit = setUpStore(kind);
  beforeEach(() => useEnv(kit.env));

  test("200 while nothing is stuck, with counts, the security headers and a few seconds of cache", async () => {
    await kit.store.create(lead({ status: "failed" }, Date.now() - 5 * MINUTE), Date.now());
    const res = await check();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      waiting: 1,
      stuck: 0,
      oldestWaitingSeconds: expect.any(Number),
      stuckAfterSeconds: 1800,
    });
    expect((res.json() as { oldestWaitingSeconds: number }).oldestWaitingSeconds).toBeGreaterThanOrEqual(300);
    for (const [name, value] of Object.entries(API_HEADERS))
      expect(res.headers[name.toLowerCase()]).toBe(value);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=5");
  });

  test("503 once a lead has reached no channel for 30 minutes; nothing in the body names it", async () => {
    const stuck = lead({ status: "failed", reason: "email: Invalid login: 535" }, Date.now() - 31 * MINUTE);
    await kit.store.create(stuck, Date.now());
    const res = await check();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "stuck", waiting: 1, stuck: 1 });
    expect(Object.keys(res.json() as object).sort()).toEqual(BODY_KEYS);
    expect((res.json() as { oldestWaitingSeconds: number }).oldestWaitingSeconds).toBeGreaterThanOrEqual(
      31 * 60,
    );
    for (const value of [stuck.id, stuck.fields.email, stuck.fields.name, "535"])
      expect(res.text).not.toContain(value);
    expect(res.headers["cache-control"]).toBe("public, max-age=5");
  });

  test("CONSULTATION_ALERT_AFTER_MINUTES moves the threshold", async () => {
    process.env.CONSULTATION_ALERT_AFTER_MINUTES = "3";
    await kit.store.create(lead({}, Date.now() - 5 * MINUTE), Date.now());
    const res = await check();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "stuck", stuck: 1, stuckAfterSeconds: 180 });
  });
});

describe("rate limited like the form, in a bucket of its own", () => {
  const kit = setUpStore("file");
  beforeEach(() => useEnv({ ...kit.env, CONSULTATION_RATE_LIMIT: "1/600" }));

  test("100 checks a window from one address (the allowance of invalid requests), then 429; the form still takes that address's lead", async () => {
    const statuses = [];
    for (let i = 0; i < 101; i++) statuses.push((await check()).statusCode);
    expect(statuses.slice(0, 100)).toEqual(Array(100).fill(200));
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["cache-control"]).toBe("no-store");
    expect((await check("GET", "198.51.100.8")).statusCode).toBe(200);
    expect((await post(validRequest(), { ip: "198.51.100.7" })).statusCode).toBe(201);
  });

  test("GET and HEAD only", async () => {
    const res = await check("POST");
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect((await check("HEAD")).statusCode).toBe(200);
  });
});

test("a database that cannot be reached: 503, saying only that", async () => {
  useEnv({ DATABASE_URL: `postgres://leads:secret-password@127.0.0.1:${await closedPort()}/leads` });
  const res = await check();
  expect(res.statusCode).toBe(503);
  expect(res.json()).toEqual({
    status: "store-unreachable",
    waiting: null,
    stuck: null,
    oldestWaitingSeconds: null,
    stuckAfterSeconds: 1800,
  });
  expect(res.text).not.toMatch(/secret|127\.0\.0\.1|leads/);
});
