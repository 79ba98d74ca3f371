/** @jest-environment node */
import { handler, resendAndPrune } from "../../../../netlify/functions/consultation-resend";
import { startSmtp, type SmtpPeer } from "../../../../test/peers";
import { DAY, lead, setUpStore, STORE_KINDS } from "./store.harness";

/**
 * The re-send on Netlify: the scheduled function netlify/functions/consultation-resend.ts, run as
 * Netlify runs it (its environment variables in process.env), against both stores and a real SMTP
 * server. It delivers what a channel did not take and, in its run at 03:00 UTC, prunes.
 */

const TO = "leads@copperline.example";
/** Today at hh:mm UTC. */
const todayAt = (hours: number, minutes: number) => {
  const d = new Date();
  d.setUTCHours(hours, minutes, 0, 0);
  return d;
};

describe.each(STORE_KINDS)("the scheduled function on the %s store", (kind) => {
  const kit = setUpStore(kind);
  const saved = { ...process.env };
  let smtp: SmtpPeer;
  let logged: jest.SpyInstance;

  beforeEach(async () => {
    smtp = await startSmtp();
    // The site's variables, as the function reads them: this store, this mail server.
    for (const name of ["DATABASE_URL", "CONSULTATION_OUTBOX", "CONSULTATION_WEBHOOK_URL", "NETLIFY"])
      delete process.env[name];
    Object.assign(process.env, kit.env, { SMTP_URL: smtp.url, CONSULTATION_TO: TO });
    logged = jest.spyOn(console, "log").mockImplementation(() => undefined);
  });

  afterEach(async () => {
    logged.mockRestore();
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    await smtp.stop();
  });

  /** A failed lead, an old spam request and a delivered lead, as the store holds them. */
  async function seed() {
    const now = Date.now();
    const failed = lead({ status: "failed" }, now - 60_000);
    const oldSpam = lead({ status: "spam" }, now - 31 * DAY);
    const delivered = lead({ status: "delivered" }, now - 60_000);
    for (const r of [failed, oldSpam, delivered]) await kit.store.create(r, now);
    return { failed, oldSpam, delivered };
  }

  test("its run at 03:00 UTC re-sends the failed lead by email, then prunes the old spam", async () => {
    const { failed, oldSpam, delivered } = await seed();
    const lines = await resendAndPrune(todayAt(3, 0));
    expect(lines).toEqual([
      `re-sent ${failed.id} (delivered)`,
      "1 of 1 request(s) delivered; 0 still failing.",
      "pruned 1 spam and 0 enquiries",
    ]);
    expect(logged).toHaveBeenCalledWith(`consultation-resend: re-sent ${failed.id} (delivered)`);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].to).toEqual([TO]);
    expect(smtp.mails[0].text).toContain(failed.fields.details);
    const store = kit.reopened();
    expect((await store.get(failed.id))?.status).toBe("delivered");
    expect(await store.get(oldSpam.id)).toBeUndefined();
    expect((await store.get(delivered.id))?.status).toBe("delivered");
  });

  test("its other runs re-send and do not prune; a second run finds nothing left to send", async () => {
    const { failed, oldSpam } = await seed();
    expect(await resendAndPrune(todayAt(3, 10))).toEqual([
      `re-sent ${failed.id} (delivered)`,
      "1 of 1 request(s) delivered; 0 still failing.",
    ]);
    expect(await resendAndPrune(todayAt(12, 0))).toEqual([expect.stringMatching(/^No failed/)]);
    expect(smtp.mails).toHaveLength(1);
    expect(await kit.reopened().get(oldSpam.id)).toBeDefined();
  });

  test("the handler Netlify schedules runs the re-send and answers 200", async () => {
    const { failed } = await seed();
    await expect(handler({} as never, {} as never)).resolves.toMatchObject({ statusCode: 200 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0].text).toContain(failed.fields.details);
  });
});
