/** @jest-environment node */
import { fakeRequest, validRequest } from "../../../../test/consultation";
import { OUTBOX_ONLY, post, setUpEndpoint } from "./endpoint.harness";

/**
 * The endpoint's rate limit (endpoint.test.ts describes the setup): the allowance of one client,
 * read at run time, and who that client is behind proxies, on Netlify and over IPv6.
 */

setUpEndpoint(OUTBOX_ONLY, ["error", "warn"]);

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
