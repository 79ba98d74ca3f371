/** @jest-environment node */
import { readConfig } from "../config";
import { handleConsultation, type Deps, type Reply } from "../handler";
import { openStore } from "../stores";
import type { LeadStore } from "../store";
import { fakeRequest, tempOutbox, TEST_ENV, validRequest } from "../../../../test/consultation";
import { startPostgres, type PostgresServer } from "../../../../test/harness/postgres";

/**
 * Every text field of a request, with the bytes that break stores and fool readers: NUL and
 * other controls, lone surrogates (which PostgreSQL's jsonb refuses), bidirectional overrides,
 * zero-width and other invisible characters. Each is either refused with a 400 that names the
 * field, or stored cleaned; never a 5xx. Through both stores, the database included.
 */

const HOSTILE: [string, string][] = [
  ["NUL", "\u0000"],
  ["a lone high surrogate", "\ud800"],
  ["a lone low surrogate", "\udfff"],
  ["a surrogate pair the wrong way round", "\udc00\ud800"],
  ["a C1 control (NEL)", "\u0085"],
  ["a C1 control (CSI)", "\u009b"],
  ["an escape sequence", "\u001b[31m"],
  ["right-to-left override", "\u202e"],
  ["an isolate pair", "\u2066x\u2069"],
  ["a zero-width space", "\u200b"],
  ["a byte order mark", "\ufeff"],
  ["a soft hyphen", "\u00ad"],
  ["a Hangul filler", "\u3164"],
  ["Unicode tag characters", "\u{e0041}\u{e0042}"],
  ["a line separator", "\u2028"],
  ["a decomposed accent", "e\u0301"],
];

/** Fields the visitor types, and the hidden context the form sends. */
const FIELDS = ["name", "email", "phone", "company", "details", "website", "context.page"] as const;

function withValue(field: (typeof FIELDS)[number], hostile: string) {
  const body = validRequest() as unknown as Record<string, unknown> & { context: Record<string, unknown> };
  if (field === "context.page") body.context = { ...body.context, page: `/contact${hostile}` };
  else if (field === "email") body.email = `ada${hostile}@analytical.example`;
  else if (field === "phone") body.phone = `+44 20 7946${hostile} 0321`;
  else if (field === "website") body.website = hostile;
  else body[field] = `${String(body[field])} ${hostile} end`;
  return body;
}

const INVISIBLE_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- the test looks for exactly these.
  /[\u0000-\u001f\u007f-\u009f\u00ad\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\u{e0000}-\u{e007f}]/u;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(() => pg?.stop());

describe.each(["file", "postgres"] as const)("the %s store", (kind) => {
  let store: LeadStore;
  let deps: Deps;
  let outbox: ReturnType<typeof tempOutbox>;

  beforeAll(async () => {
    outbox = tempOutbox();
    const env = { ...TEST_ENV, CONSULTATION_RATE_LIMIT: "100000/600", CONSULTATION_OUTBOX: outbox.file };
    const config = readConfig(
      kind === "postgres" ? { ...env, DATABASE_URL: await pg.createDatabase() } : env,
    );
    store = openStore(config, { warn: () => undefined, error: () => undefined });
    deps = { config, store, now: Date.now, log: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } };
  });
  afterAll(async () => {
    await store.close();
    outbox.cleanup();
  });

  test.each(FIELDS.flatMap((field) => HOSTILE.map(([label, text]) => [field, label, text] as const)))(
    "%s with %s: a 400 naming the field, or stored cleaned",
    async (field, _label, text) => {
      const reply: Reply = await handleConsultation(fakeRequest(withValue(field, text)) as never, deps).catch(
        (error) => ({ status: 599, body: { error: String(error) } }),
      );
      expect(reply.status).not.toBeGreaterThanOrEqual(500);
      if (reply.status === 400) {
        expect(Object.keys((reply.body as { errors: object }).errors)).toContain(field);
        return;
      }
      expect(reply.status).toBe(201);
      const saved = await store.get((reply.body as { id: string }).id);
      const value =
        field === "context.page"
          ? saved!.context.page
          : field === "website"
            ? undefined
            : saved!.fields[field];
      if (value === undefined) return; // the honeypot is not kept
      expect(value).not.toMatch(INVISIBLE_OR_CONTROL);
      expect(value).not.toMatch(LONE_SURROGATE);
      expect(value).toBe(value.normalize("NFC"));
    },
  );
});
