import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const SKIP = new Set(["node_modules", "public", ".cache", ".git", ".data", "coverage", ".lighthouseci"]);

/**
 * A copy of the project in a temporary folder (node_modules linked, not copied), so a test can
 * change content and build without touching the real content or the main build in ./public.
 * With `at`, the copy is made there, replacing what was there.
 */
export function makeProjectCopy(prefix = "site-", at?: string): { dir: string; cleanup: () => void } {
  if (at) fs.rmSync(at, { recursive: true, force: true });
  const dir = at ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of fs.readdirSync(root)) {
    if (SKIP.has(entry)) continue;
    fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `gatsby build` in a folder; returns the seconds it took, throws with the log on failure. */
export function buildIn(dir: string, env: NodeJS.ProcessEnv = {}): number {
  const started = Date.now();
  const result = spawnSync("npx", ["gatsby", "build"], {
    cwd: dir,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`gatsby build failed in ${dir}:\n${result.stdout}\n${result.stderr}`);
  return (Date.now() - started) / 1000;
}
