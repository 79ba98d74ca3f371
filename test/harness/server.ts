import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

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
 * The process groups of the servers started here and not stopped yet. A server runs in a group of
 * its own (so a stop ends whatever it started), which a Ctrl-C in the terminal does not reach: so
 * when this process ends without stopping them (interrupted, stopped by a timeout, or failing),
 * it ends them on its way out.
 */
const running = new Set<number>();

function endRunning(): void {
  for (const group of running) {
    try {
      process.kill(-group, "SIGTERM");
    } catch {
      // gone already
    }
  }
  running.clear();
}

let ending = false;
function endWithThisProcess(): void {
  if (ending) return;
  ending = true;
  process.on("exit", endRunning);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      endRunning();
      // The signal's own end, unless something else here handles it too (bench/stages.ts stops
      // its servers and browsers, then exits).
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
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
  endWithThisProcess();
  const group = child.pid!;
  running.add(group);
  child.once("exit", () => running.delete(group));
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
