/** @jest-environment node */
/**
 * `npm run cms` starts decap-server, which reads and writes the content folder for anyone who
 * can reach it (no sign-in): it listens on this machine's loopback address only, unless
 * BIND_HOST says otherwise. The script runs for real, on a free port, over a throwaway folder.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../test/harness/server";

const root = path.resolve(__dirname, "../..");

/** This machine's first address that is not loopback (where a colleague on the network would connect). */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

let running: { child: ChildProcess; dir: string } | undefined;

async function startCms(env: Record<string, string> = {}) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-server-"));
  const child = spawn("npm", ["run", "--silent", "cms"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), GIT_REPO_DIRECTORY: dir, MODE: "fs", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running = { child, dir };
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const until = Date.now() + 30_000;
  while (!/listening/i.test(log)) {
    if (Date.now() > until || child.exitCode !== null) throw new Error(`npm run cms did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, log };
}

afterEach(async () => {
  if (!running) return;
  const { child, dir } = running;
  running = undefined;
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test("npm run cms listens on 127.0.0.1 only: not reachable from the network", async () => {
  const { port, log } = await startCms();
  expect(log).toContain(`listening on 127.0.0.1:${port}`);
  expect(await connects("127.0.0.1", port)).toBe(true);
  if (networkAddress) expect(await connects(networkAddress, port)).toBe(false);
}, 60_000);

test("BIND_HOST chooses another address when asked (here every interface)", async () => {
  const { port, log } = await startCms({ BIND_HOST: "0.0.0.0" });
  expect(log).toContain(`listening on 0.0.0.0:${port}`);
  if (networkAddress) expect(await connects(networkAddress, port)).toBe(true);
}, 60_000);
