/**
 * Compressed first-load JavaScript of a page: every same-origin script a real browser requests
 * before the page's load event, gzipped as a server would send it. Scripts deliberately loaded
 * after the load event (scroll animations, the toast area) are counted apart as `deferred`.
 * Usage: npx tsx bench/firstLoadJs.ts [path ...]   (builds nothing: serves ./public)
 */
import zlib from "node:zlib";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { serveSite } from "../test/harness/server";

export interface JsFigure {
  path: string;
  files: number;
  bytes: number;
  gzip: number;
  deferredGzip: number;
}

export async function measureFirstLoadJs(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
): Promise<JsFigure> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const early: Promise<Buffer>[] = [];
  const late: Promise<Buffer>[] = [];
  let loaded = false;
  page.on("load", () => (loaded = true));
  page.on("request", (request) => {
    if (request.resourceType() !== "script" || !request.url().startsWith(baseUrl)) return;
    const list = loaded ? late : early;
    list.push(
      request
        .response()
        .then((r) => r?.body() ?? Buffer.alloc(0))
        .catch(() => Buffer.alloc(0)),
    );
  });
  await page.goto(baseUrl + pagePath, { waitUntil: "networkidle" });
  const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
  const buffers = await Promise.all(early);
  const deferred = await Promise.all(late);
  await context.close();
  return {
    path: pagePath,
    files: buffers.length,
    bytes: buffers.reduce((n, b) => n + b.length, 0),
    gzip: buffers.reduce((n, b) => n + gz(b), 0),
    deferredGzip: deferred.reduce((n, b) => n + gz(b), 0),
  };
}

export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

if (require.main === module) {
  void (async () => {
    const paths = process.argv.slice(2);
    const server = await serveSite(path.resolve(process.env.SITE_DIR ?? "."));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    for (const p of paths.length ? paths : ["/", "/services/nlp-solutions", "/works/humm", "/works"]) {
      const f = await measureFirstLoadJs(browser, server.url, p);
      process.stdout.write(
        `${p}\t${kb(f.gzip)} gzip\t(${kb(f.bytes)} raw, ${f.files} files; after load: ${kb(f.deferredGzip)})\n`,
      );
    }
    await browser.close();
    await server.stop();
  })();
}
