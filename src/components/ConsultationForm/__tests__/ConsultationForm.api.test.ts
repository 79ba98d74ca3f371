import { sendConsultation } from "../ConsultationForm.api";
import { validRequest } from "../../../../test/consultation";

const respond = (status: number, body?: unknown, headers: Record<string, string> = {}) =>
  jest.fn().mockResolvedValue({
    status,
    headers: { get: (name: string) => headers[name] ?? null },
    json: async () => {
      if (body === undefined) throw new SyntaxError("not JSON");
      return body;
    },
  });

test("posts JSON to /api/consultation and succeeds only on 201 with an id", async () => {
  const fetchMock = respond(201, { id: "abc" });
  const request = validRequest();
  expect(await sendConsultation(request, fetchMock)).toEqual({ ok: true, id: "abc" });
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe("/api/consultation");
  expect(init).toMatchObject({ method: "POST", headers: { "Content-Type": "application/json" } });
  expect(JSON.parse(init.body)).toEqual(request);
});

test("a 2xx without an id is not a success", async () => {
  expect(await sendConsultation(validRequest(), respond(200, {}))).toEqual({
    ok: false,
    failure: { kind: "server", status: 200 },
  });
});

test("400 gives the field errors, 429 the wait, 5xx and HTML error pages a server failure", async () => {
  expect(await sendConsultation(validRequest(), respond(400, { errors: { email: "x" } }))).toEqual({
    ok: false,
    failure: { kind: "invalid", errors: { email: "x" } },
  });
  expect(
    await sendConsultation(validRequest(), respond(429, { error: "slow" }, { "Retry-After": "300" })),
  ).toEqual({
    ok: false,
    failure: { kind: "rate", retryAfterSeconds: 300 },
  });
  expect(await sendConsultation(validRequest(), respond(502))).toEqual({
    ok: false,
    failure: { kind: "server", status: 502 },
  });
  expect(await sendConsultation(validRequest(), respond(400))).toEqual({
    ok: false,
    failure: { kind: "server", status: 400 },
  });
});

test("a network error is reported as such", async () => {
  const fetchMock = jest.fn().mockRejectedValue(new TypeError("Failed to fetch"));
  expect(await sendConsultation(validRequest(), fetchMock)).toEqual({
    ok: false,
    failure: { kind: "network" },
  });
});
