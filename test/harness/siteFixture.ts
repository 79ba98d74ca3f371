import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { serveSite, type Server } from "./server";

/**
 * A tiny built site in the shape gatsby-adapter-netlify leaves it (pages as `<path>.html`, a folder
 * index for /admin/, `_headers` and `_redirects`, one function in `.netlify/functions-internal/`),
 * in a temporary project folder, for tests of `npm start`'s server without a Gatsby build. Next to
 * `public/` lies a file no request may ever reach (`SECRET`).
 */

export const SECRET = "secret-outside-public-7f3a";

export interface SiteFixture {
  dir: string;
  cleanup(): void;
}

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1></main></body></html>`;

export function makeSiteFixture(headers: string): SiteFixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-fixture-"));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  write("secret.txt", SECRET);
  write("public/secret-neighbour/readme.txt", "a file inside public");
  write("public/index.html", page("Home"));
  write("public/about.html", page("About"));
  write("public/404.html", page("Page not found"));
  write("public/services/nlp-solutions.html", page("NLP solutions"));
  write("public/admin/index.html", page("Content manager"));
  write("public/app-0123456789abcdef0123.js", "console.info('app');");
  write("public/robots.txt", "User-agent: *\nAllow: /\n");
  write("public/_headers", headers);
  write(
    "public/_redirects",
    "# gatsby-adapter-netlify start\n/api/echo  /.netlify/functions/echo-js  200\n# gatsby-adapter-netlify end\n",
  );
  write(
    ".netlify/functions-internal/echo-js/echo-js.js",
    `exports.handler = async (event) => ({ statusCode: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ path: event.path, bytes: event.body ? Buffer.from(event.body, "base64").length : 0 }) });\n`,
  );
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function serveFixture(fixture: SiteFixture, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  return serveSite(fixture.dir, env);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A chunked body's data (`<hex size>\r\n<data>\r\n` ... `0\r\n\r\n`). */
function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

/**
 * Sends one request exactly as written (`target` is not normalised the way fetch() would) and
 * reads the answer until the server closes the connection. Rejects when the connection is
 * refused or reset, which is what a visitor of a crashed server sees.
 */
export function rawRequest(
  url: string,
  target: string,
  {
    method = "GET",
    headers = {} as Record<string, string>,
    body = "",
    timeoutMs = 5_000,
  }: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => socket.destroy(new Error(`no answer to ${method} ${target.slice(0, 80)}`)),
      timeoutMs,
    );
    socket.on("connect", () => {
      const lines = [
        `${method} ${target} HTTP/1.1`,
        "Host: localhost",
        "Connection: close",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(Buffer.from(`${lines.join("\r\n")}\r\n\r\n${body}`, "latin1"));
    });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const [head, ...rest] = text.split("\r\n\r\n");
      const [statusLine, ...headerLines] = head.split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (!status)
        return reject(new Error(`no HTTP answer to ${method} ${target.slice(0, 80)}: ${text.slice(0, 80)}`));
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(":");
        if (i > 0) parsed[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join("\r\n\r\n");
      if (/chunked/i.test(parsed["transfer-encoding"] ?? "")) body = unchunk(body);
      resolve({ status, headers: parsed, body });
    });
  });
}
