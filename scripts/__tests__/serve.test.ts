/** @jest-environment node */
/**
 * What `npm start`'s server does besides serving files (scripts/siteServer/): the CDN's canonical
 * addresses, the host's private files, and the function's body limits, refused before a byte
 * more than the limit is read.
 */
import net from "node:net";
import type { Server } from "../../test/harness/server";
import { makeSiteFixture, rawRequest, serveFixture, type SiteFixture } from "../../test/harness/siteFixture";

const HEADERS = `/*
  x-content-type-options: nosniff
  x-site: everywhere
/about
  x-page: about
`;

let fixture: SiteFixture;
let server: Server;

beforeAll(async () => {
  fixture = makeSiteFixture(HEADERS);
  server = await serveFixture(fixture);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fixture?.cleanup();
});

test("a page answers at its address; with a trailing slash it redirects there, query kept", async () => {
  const page = await rawRequest(server.url, "/about");
  expect(page.status).toBe(200);
  expect(page.body).toContain("<h1>About</h1>");
  const slash = await rawRequest(server.url, "/about/?ref=mail");
  expect(slash.status).toBe(301);
  expect(slash.headers.location).toBe("/about?ref=mail");
  const nested = await rawRequest(server.url, "/services/nlp-solutions/");
  expect(nested.headers.location).toBe("/services/nlp-solutions");
});

test("a folder with an index page redirects to its address with a slash", async () => {
  const admin = await rawRequest(server.url, "/admin");
  expect(admin.status).toBe(301);
  expect(admin.headers.location).toBe("/admin/");
  expect((await rawRequest(server.url, "/admin/")).body).toContain("Content manager");
});

test("an unknown path is the site's 404 page, with the headers _headers gives every path", async () => {
  const res = await rawRequest(server.url, "/no-such-page");
  expect(res.status).toBe(404);
  expect(res.body).toContain("Page not found");
  expect(res.headers["x-site"]).toBe("everywhere");
  expect(res.headers["x-page"]).toBeUndefined();
  expect((await rawRequest(server.url, "/about")).headers["x-page"]).toBe("about");
});

test("the host's configuration files are never served, however the path is spelled", async () => {
  for (const target of ["/_headers", "/_headers/", "/%5Fheaders", "/_redirects", "/%5Fredirects/"]) {
    const res = await rawRequest(server.url, target);
    expect({ target, status: res.status }).toEqual({ target, status: 404 });
    expect(res.body).not.toContain("x-site");
  }
});

test("other methods on files answer 405", async () => {
  const res = await rawRequest(server.url, "/about", { method: "POST" });
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("GET, HEAD");
});

test("a function gets the request's body and the client's address", async () => {
  const body = JSON.stringify({ hello: "world" });
  const res = await rawRequest(server.url, "/api/echo", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
    body,
  });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toEqual({ path: "/api/echo", bytes: body.length });
});

test("a multipart or other non-JSON body is refused with 415 before it is read", async () => {
  const res = await rawRequest(server.url, "/api/echo", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": "100" },
  });
  expect(res.status).toBe(415);
});

test("a body declared over 100 kb is refused with 413 before it is read", async () => {
  const res = await rawRequest(server.url, "/api/echo", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": String(50 * 1024 * 1024) },
  });
  expect(res.status).toBe(413);
});

test("a chunked body is cut off at 100 kb: the server answers 413 and stops reading", async () => {
  const { hostname, port } = new URL(server.url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  const answered = new Promise<void>((resolve) =>
    socket.on("data", (d) => {
      answer += d.toString("latin1");
      resolve();
    }),
  );
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.on("error", () => undefined);
  // Each chunk is handed to the kernel before the next (the client honours backpressure), so what
  // counts as sent is what the server could have read, however slow the host.
  const chunk = `${(64 * 1024).toString(16)}\r\n${"a".repeat(64 * 1024)}\r\n`;
  const send = (text: string) =>
    new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.write(text, () => resolve())));
  await send(
    "POST /api/echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
  );

  // Under the limit (64 kb): no answer yet, the body is still welcome.
  await send(chunk);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(answer).toBe("");

  // Past it (128 kb, then 192 kb) the answer comes without the rest of the body.
  await send(chunk);
  await send(chunk);
  await answered;
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);

  // Whatever the client goes on sending, the server closes the connection itself (it drains for a
  // second so the answer is not lost to a reset), long before the client would give up.
  const giveUpAt = Date.now() + 15_000;
  while (!socket.destroyed && Date.now() < giveUpAt) await send(chunk);
  expect(socket.destroyed).toBe(true);
  await closed;
});
