/** @jest-environment node */
/**
 * The answers `npm start`'s server (scripts/serve.ts, run as a process) makes on its own, and the
 * consultation function's answers through it, carry the same security headers as every page
 * (shared/securityHeaders.ts): a body refused before it is read (413, 415), a function that
 * crashed (500), the function's own JSON (400, 405), and Node's answers to a request it cannot
 * parse (400) or whose head is too large (431).
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { API_POLICY, COMMON_HEADERS } from "../../shared/securityHeaders";
import type { Server } from "../../test/harness/server";
import {
  makeSiteFixture,
  rawRequest,
  serveFixture,
  type RawResponse,
  type SiteFixture,
} from "../../test/harness/siteFixture";

const HEADERS = `/*
  x-content-type-options: nosniff
`;

const repo = path.resolve(__dirname, "../..");

// The adapter's own module (its package exports only its entry point).
const { prepareFunction } = require(
  path.join(path.dirname(require.resolve("gatsby-adapter-netlify/package.json")), "dist/lambda-handler.js"),
) as { prepareFunction(fun: unknown): Promise<void> };

let fixture: SiteFixture;
let server: Server;

/**
 * The real function (src/api/consultation.ts) behind the wrapper gatsby-adapter-netlify writes for
 * it (its own `prepareFunction`, into the fixture), and a function that throws.
 */
async function addFunctions(dir: string): Promise<void> {
  const entry = path.join(dir, ".cache/functions/consultation.js");
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  // The server runs under tsx, which compiles the TypeScript source when it is required.
  fs.writeFileSync(
    entry,
    `module.exports = require(${JSON.stringify(path.join(repo, "src/api/consultation.ts"))});\n`,
  );
  const cwd = jest.spyOn(process, "cwd").mockReturnValue(dir);
  try {
    await prepareFunction({
      functionId: "consultation-js",
      name: "/api/consultation",
      pathToEntryPoint: ".cache/functions/consultation.js",
      requiredFiles: [],
    });
  } finally {
    cwd.mockRestore();
  }
  const crash = path.join(dir, ".netlify/functions-internal/crash-js/crash-js.js");
  fs.mkdirSync(path.dirname(crash), { recursive: true });
  fs.writeFileSync(crash, `exports.handler = async () => { throw new Error("crash-test"); };\n`);
  fs.appendFileSync(
    path.join(dir, "public/_redirects"),
    "/api/consultation  /.netlify/functions/consultation-js  200\n/api/crash  /.netlify/functions/crash-js  200\n",
  );
}

beforeAll(async () => {
  fixture = makeSiteFixture(HEADERS);
  await addFunctions(fixture.dir);
  server = await serveFixture(fixture, {
    DATABASE_URL: "",
    CONSULTATION_OUTBOX: path.join(fixture.dir, ".data/outbox.ndjson"),
    CONSULTATION_RESEND_INTERVAL_MINUTES: "0",
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fixture?.cleanup();
});

/** Sends `text` exactly as written and parses the answer the server gives before it closes. */
function rawBytes(url: string, text: string): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(Buffer.from(text, "latin1")));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error("no answer")), 5_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => (clearTimeout(timer), reject(error)));
    socket.on("close", () => {
      clearTimeout(timer);
      const [head, ...rest] = Buffer.concat(chunks).toString("latin1").split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(":");
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") });
    });
  });
}

/** The headers every response carries (the shared list), and the policy of an answer without a page. */
function expectSecurityHeaders(res: RawResponse, label: string) {
  const got = (key: string) => ({ label, key, value: res.headers[key] });
  expect(got("content-security-policy")).toEqual({
    label,
    key: "content-security-policy",
    value: API_POLICY,
  });
  for (const { key, value } of COMMON_HEADERS) expect(got(key)).toEqual({ label, key, value });
  // The names the brief of this test spells out, whatever the shared list holds.
  for (const key of ["strict-transport-security", "referrer-policy", "permissions-policy"]) {
    expect(res.headers[key]).toBeTruthy();
  }
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
}

const post = (headers: Record<string, string>, body = "") =>
  rawRequest(server.url, "/api/consultation", { method: "POST", headers, body });

test("a body refused before it is read: 413 (too large) and 415 (not JSON)", async () => {
  const large = await post({
    "Content-Type": "application/json",
    "Content-Length": String(50 * 1024 * 1024),
  });
  expect(large.status).toBe(413);
  expectSecurityHeaders(large, "413");
  const text = await post({ "Content-Type": "text/plain", "Content-Length": "100" });
  expect(text.status).toBe(415);
  expectSecurityHeaders(text, "415");
});

test("the consultation function's own JSON answers: 400 (invalid JSON) and 405 (PUT)", async () => {
  const invalid = await post({ "Content-Type": "application/json", "Content-Length": "1" }, "{");
  expect(invalid.status).toBe(400);
  expect(invalid.headers["content-type"]).toMatch(/^application\/json/);
  expectSecurityHeaders(invalid, "400 from the function");
  const put = await rawRequest(server.url, "/api/consultation", { method: "PUT" });
  expect(put.status).toBe(405);
  expect(put.headers.allow).toBe("GET, POST");
  expectSecurityHeaders(put, "405 from the function");
});

test("a function that crashed: 500", async () => {
  const res = await rawRequest(server.url, "/api/crash");
  expect(res.status).toBe(500);
  expectSecurityHeaders(res, "500");
});

test("Node's own answers: 431 for a 16 KB path, 400 for a malformed request line", async () => {
  const long = await rawRequest(server.url, `/${"a".repeat(16 * 1024)}`);
  expect(long.status).toBe(431);
  expectSecurityHeaders(long, "431");
  const malformed = await rawBytes(server.url, "GET / HTTP/1.1 nonsense\r\nHost: localhost\r\n\r\n");
  expect(malformed.status).toBe(400);
  expectSecurityHeaders(malformed, "400 from Node");
  const garbage = await rawBytes(server.url, "\u0000\u0001 not http at all\r\n\r\n");
  expect(garbage.status).toBe(400);
  expectSecurityHeaders(garbage, "400 from Node (garbage)");
  // The server still serves its pages afterwards.
  expect((await rawRequest(server.url, "/about")).status).toBe(200);
});
