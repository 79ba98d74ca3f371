/** @jest-environment node */
import consultation from "../../../api/consultation";
import { resetProcessStores } from "../stores";
import { fuzzBodies } from "../../../../test/fuzzBodies";
import { fakeRequest, fakeResponse, tempOutbox, validRequest, withEnv } from "../../../../test/consultation";

const cases = fuzzBodies();
let outbox: ReturnType<typeof tempOutbox>;
let restoreEnv: () => void;

beforeAll(async () => {
  await resetProcessStores();
  outbox = tempOutbox();
  restoreEnv = withEnv({
    CONSULTATION_OUTBOX: outbox.file,
    CONSULTATION_RATE_LIMIT: "100000/600",
    SMTP_URL: undefined,
  });
});

afterAll(() => {
  restoreEnv();
  outbox.cleanup();
});

async function post(body: unknown, contentType = "application/json") {
  const res = fakeResponse();
  await consultation(fakeRequest(body, { contentType }) as never, res as never);
  return res;
}

test(`the fuzz corpus has at least 50 malformed bodies (${cases.length})`, () => {
  expect(cases.length).toBeGreaterThanOrEqual(50);
});

const parsed = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

test.each(cases.map((c) => [c.label, c] as const))(
  "%s: a 4xx with JSON that echoes nothing",
  async (_, c) => {
    // As raw text (a platform that leaves parsing to the function) and, when it is JSON, already
    // parsed (as Gatsby's body parser hands it over).
    const bodies: unknown[] = [c.body];
    const json = parsed(c.body);
    if (json.ok && (c.contentType ?? "application/json") === "application/json") bodies.push(json.value);
    for (const body of bodies) {
      const res = await post(body, c.contentType);
      expect([400, 413, 415]).toContain(res.statusCode);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(() => res.json()).not.toThrow();
      expect(res.text).not.toMatch(/[<>]|script|onerror|alert|\bat \S+:\d+/);
    }
  },
);

test("an object nested too deeply to measure is a 400, not a crash", async () => {
  let deep: unknown = "x";
  for (let i = 0; i < 100_000; i++) deep = { d: deep };
  const res = await post({ name: deep });
  expect(res.statusCode).toBe(400);
});

test("after the whole corpus nothing was stored and a valid request is still accepted", async () => {
  expect(outbox.lines()).toEqual([]);
  const res = await post(validRequest());
  expect(res.statusCode).toBe(201);
});
