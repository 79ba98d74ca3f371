/** @jest-environment node */
import { readConfig } from "../config";
import { handleConsultation, type Deps } from "../handler";
import type { LeadStore } from "../store";
import { fakeRequest, TEST_ENV, validRequest } from "../../../../test/consultation";
import { quiet, setUpStore, STORE_KINDS } from "./store.harness";

/**
 * Each store behind the endpoint's handler (store.test.ts describes the setup): what a replay, a
 * spam request and a channel that is down leave in it, with `kit.another()` as a second function
 * instance answering the same visitor.
 */

describe.each(STORE_KINDS)("the %s store", (kind) => {
  const kit = setUpStore(kind);

  describe("behind the endpoint", () => {
    const deps = (s: LeadStore, env: Record<string, string> = {}): Deps => ({
      config: readConfig({ ...TEST_ENV, ...kit.env, CONSULTATION_RATE_LIMIT: "2/600", ...env }),
      store: s,
      now: Date.now,
      log: quiet,
    });
    const post = async (s: LeadStore, body: unknown, env?: Record<string, string>) =>
      handleConsultation(fakeRequest(body) as never, deps(s, env));

    test("201 saves the request; a replay answers the same id, saves nothing and uses no quota; other content with the key is 400", async () => {
      const { store } = kit;
      const body = validRequest();
      const first = await post(store, body);
      expect(first.status).toBe(201);
      const { id } = first.body as { id: string };
      expect(await store.get(id)).toMatchObject({ status: "stored", fields: { email: body.email } });
      for (let i = 0; i < 3; i++) {
        const again = await post(kit.another(), body);
        expect(again).toMatchObject({
          status: 201,
          body: { id },
          headers: { "Idempotent-Replayed": "true" },
        });
      }
      expect(
        (await post(store, { ...body, details: "A different project entirely, long enough." })).status,
      ).toBe(400);
      // The 400 is charged to the allowance for invalid requests, not to this one (2 per window).
      expect((await post(kit.another(), validRequest())).status).toBe(201);
      expect((await post(kit.another(), validRequest())).status).toBe(429);
    });

    test("spam is answered 201, kept as spam and never delivered", async () => {
      const { store } = kit;
      const reply = await post(store, validRequest({ website: "https://cheap-seo.example" }), {
        CONSULTATION_WEBHOOK_URL: "http://127.0.0.1:9/never",
      });
      expect(reply.status).toBe(201);
      expect(await store.get((reply.body as { id: string }).id)).toMatchObject({
        status: "spam",
        spamReason: "honeypot",
        delivery: {},
      });
    });

    test("a channel that is down leaves the request failed, with the reason, for the re-send", async () => {
      const { store } = kit;
      const reply = await post(store, validRequest(), {
        CONSULTATION_WEBHOOK_URL: "http://127.0.0.1:9/down",
      });
      expect(reply.status).toBe(201);
      const saved = await store.get((reply.body as { id: string }).id);
      expect(saved).toMatchObject({
        status: "failed",
        delivery: { webhook: { status: "failed", attempts: 1 } },
      });
      expect(saved!.reason).toMatch(/^webhook: /);
      expect((await store.pendingDelivery(Date.now())).map((r) => r.id)).toEqual([saved!.id]);
    });
  });
});
