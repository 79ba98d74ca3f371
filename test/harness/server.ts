import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { whenThisProcessEnds } from "./processEnd";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface Server {
  url: string;
  stop: () => Promise<void>;
  child: ChildProcess;
}

/**
 * Runs a server process on a free local port (`args` receives the port), waits until it answers,
 * and returns its URL and a stop that ends the whole process group (as this process's end does,
 * when it comes first).
 */
export async function serveProcess(
  command: string,
  args: (port: number) => string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Server> {
  const port = await freePort();
  const child = spawn(command, args(port), {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const group = child.pid!;
  // A server runs in a group of its own, so that a stop ends whatever it started.
  const forget = whenThisProcessEnds('kill -s TERM -- "-$1"', [String(group)]);
  child.once("exit", forget);
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(url, options.timeoutMs);
  } catch (error) {
    process.kill(-group, "SIGTERM");
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      process.kill(-group, "SIGTERM");
      await exited;
    },
  };
}

const repo = path.resolve(__dirname, "../..");

/**
 * Serves a built site as `npm start` does (scripts/serve.ts: the adapter's output, its functions,
 * and the headers of gatsby/lib/headers.ts), from `cwd`, the project folder that was built.
 */
export function serveSite(cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Server> {
  return serveProcess(
    path.join(repo, "node_modules/.bin/tsx"),
    (port) => [path.join(repo, "scripts/serve.ts"), "--host", "127.0.0.1", "--port", String(port)],
    { cwd, env: { GATSBY_TELEMETRY_DISABLED: "1", ...env } },
  );
}
