/** @jest-environment node */
/**
 * `npm start` keeps serving while the files under it change: an operator removes or renames a
 * file, a deploy replaces one, a rebuild swaps the whole `public/` folder. A visitor then gets the
 * new file or a 404, never a dead server (on the CDN, a missing file is a 404 too).
 */
import fs from "node:fs";
import path from "node:path";
import type { Server } from "../../test/harness/server";
import { makeSiteFixture, rawRequest, serveFixture, type SiteFixture } from "../../test/harness/siteFixture";

const HEADERS = "/*\n  x-build: first\n";

let fixture: SiteFixture;
let server: Server;
const file = (name: string) => path.join(fixture.dir, "public", name);

beforeAll(async () => {
  fixture = makeSiteFixture(HEADERS);
  server = await serveFixture(fixture);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fixture?.cleanup();
});

/** The server still answers: a page it has always had. */
async function stillServing(): Promise<void> {
  const home = await rawRequest(server.url, "/");
  expect(home.status).toBe(200);
  expect(home.body).toContain("<h1>Home</h1>");
}

test("a file removed while the server runs is a 404, and the server goes on", async () => {
  expect((await rawRequest(server.url, "/robots.txt")).status).toBe(200);
  fs.rmSync(file("robots.txt"));
  const gone = await rawRequest(server.url, "/robots.txt");
  expect(gone.status).toBe(404);
  expect(gone.body).toContain("Page not found");
  await stillServing();
});

test("a renamed page is a 404 at its old address; a replaced file is served whole, as it is now", async () => {
  fs.renameSync(file("about.html"), file("about-us.html"));
  expect((await rawRequest(server.url, "/about")).status).toBe(404);
  const renamed = await rawRequest(server.url, "/about-us");
  expect([200, 404]).toContain(renamed.status);
  if (renamed.status === 200) expect(renamed.body).toContain("<h1>About</h1>");

  const longer = "console.info('a new app, longer than the one listed at start');";
  fs.writeFileSync(file("app-0123456789abcdef0123.js"), longer);
  const replaced = await rawRequest(server.url, "/app-0123456789abcdef0123.js");
  expect(replaced.status).toBe(200);
  expect(replaced.body).toBe(longer);
  await stillServing();
});

test("a public/ folder swapped by a rebuild: the new build's files and headers, the old ones' a 404", async () => {
  const next = path.join(fixture.dir, "public-next");
  fs.cpSync(path.join(fixture.dir, "public"), next, { recursive: true });
  fs.rmSync(path.join(next, "app-0123456789abcdef0123.js"));
  fs.writeFileSync(path.join(next, "app-fedcba9876543210fedc.js"), "console.info('rebuilt');");
  fs.writeFileSync(
    path.join(next, "index.html"),
    fs.readFileSync(file("index.html"), "utf8").replace("<h1>Home</h1>", "<h1>Home</h1><p>rebuilt</p>"),
  );
  fs.writeFileSync(path.join(next, "_headers"), "/*\n  x-build: second\n");
  fs.rmSync(path.join(fixture.dir, "public"), { recursive: true });
  fs.renameSync(next, path.join(fixture.dir, "public"));

  expect((await rawRequest(server.url, "/app-0123456789abcdef0123.js")).status).toBe(404);
  const bundle = await rawRequest(server.url, "/app-fedcba9876543210fedc.js");
  expect(bundle.status).toBe(200);
  expect(bundle.body).toBe("console.info('rebuilt');");
  const home = await rawRequest(server.url, "/");
  expect(home.body).toContain("<p>rebuilt</p>");
  expect(home.headers["x-build"]).toBe("second");
  await stillServing();
});
