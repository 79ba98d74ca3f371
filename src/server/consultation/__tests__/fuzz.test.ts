/** @jest-environment node */
import consultation from "../../../api/consultation";
import { resetProcessState } from "../handler";
import { fuzzBodies } from "../../../../test/fuzzBodies";
import { fakeRequest, fakeResponse, tempOutbox, validRequest, withEnv } from "../../../../test/consultation";

const cases = fuzzBodies();
let outbox: ReturnType<typeof tempOutbox>;
let restoreEnv: () => void;

beforeAll(() => {
  resetProcessState();
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

test.each(cases.map((c) => [c.label, c] as const))(
  "%s: a 4xx with JSON that echoes nothing",
  async (_, c) => {
    const res = await post(c.body, c.contentType);
    expect([400, 413, 415]).toContain(res.statusCode);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(() => res.json()).not.toThrow();
    expect(res.text).not.toMatch(/[<>]|script|onerror|alert|\bat \S+:\d+/);
  },
);

test("after the whole corpus nothing was stored and a valid request is still accepted", async () => {
  expect(outbox.lines()).toEqual([]);
  const res = await post(validRequest());
  expect(res.statusCode).toBe(201);
});
