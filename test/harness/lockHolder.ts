import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(__dirname, "../..");

/**
 * A real second process that takes the maintenance lock of `env`'s store with a lease of
 * `leaseMs` and holds it until killed, as `npm run consultation:resend` would, mid-run
 * (test/harness/holdLeadLock.ts). The caller kills it; if the caller ends first, however it ends,
 * the holder ends too (it reads its standard input, which the caller's end closes).
 */
export function spawnLockHolder(env: Record<string, string>, leaseMs: number): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "test/harness/holdLeadLock.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: env.DATABASE_URL ?? "",
      HOLD_LEASE_MS: String(leaseMs),
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
}

/** Resolves once `holder` has the lock; rejects if it exits first. */
export function lockTaken(holder: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    holder.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
    holder.once("exit", (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
}
