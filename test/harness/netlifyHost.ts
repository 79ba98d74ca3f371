import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FRAMEWORKS_CONFIG_FILE } from "../../gatsby/lib/hostRules";
import { freePort, serveProcess, type Server } from "./server";

/**
 * Netlify's own runtime as a test peer: the build a project folder holds, served by the Netlify
 * CLI (netlify-cli, the version package.json pins) with `netlify serve`, which runs Netlify Build
 * as a deploy does (the Frameworks API's config applied, each function bundled by Netlify's
 * bundler) and then serves the result with Netlify's own header and rules engines. Nothing is
 * built again: the CLI's "build command" only puts the build's output where a deploy's build
 * would have left it. Offline, without edge functions (the site has none; without the flag the
 * CLI would try to download Deno), telemetry off in a configuration folder of its own, every
 * server on 127.0.0.1 (test/harness/loopbackOnly.js), ended after `lifetimeSeconds` whatever
 * happens to the test.
 *
 * The CLI works on a copy, in a folder of its own: it deletes `.netlify/functions-internal` and
 * `.netlify/v1` when it starts (they come back with the "build"), and the copy is a build moved
 * to another folder, as a deploy's is (its function bundle must not reach back into this one).
 */

export interface NetlifyHost extends Server {
  /** The project folder the CLI serves (the copy). */
  projectDir: string;
  /** What the CLI printed so far. */
  output: () => string;
}

export interface NetlifyHostOptions {
  /** Variables for the functions (the CLI passes its environment on). */
  env?: NodeJS.ProcessEnv;
  /**
   * Where a proxy rewrite's upstream is reached (`http://127.0.0.1:<port>`, a stand-in): each
   * rule's target keeps its path and query, its origin is this one. Without it, the rules are the
   * build's as they are (and the machine has no internet).
   */
  upstreamOrigin?: string;
  lifetimeSeconds?: number;
}

const repo = path.resolve(__dirname, "../..");
const cli = path.join(repo, "node_modules/netlify-cli/bin/run.js");

/** The rules file with each proxy rewrite's origin replaced by `origin`. */
function pointProxiesAt(file: string, origin: string): void {
  const config = JSON.parse(fs.readFileSync(file, "utf8")) as { redirects?: { to: string }[] };
  for (const rule of config.redirects ?? []) {
    if (!/^https?:\/\//.test(rule.to)) continue;
    const { pathname, search } = new URL(rule.to);
    rule.to = `${origin}${pathname}${search}`;
  }
  fs.writeFileSync(file, JSON.stringify(config));
}

export async function serveWithNetlify(root: string, options: NetlifyHostOptions = {}): Promise<NetlifyHost> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netlify-host-"));
  const project = path.join(dir, "project");
  const staged = path.join(dir, "staged");
  const env = {
    ...options.env,
    XDG_CONFIG_HOME: path.join(dir, "config"),
    BROWSER: "none",
    NO_UPDATE_NOTIFIER: "1",
    NODE_OPTIONS: `--require ${path.join(__dirname, "loopbackOnly.js")}`,
  };
  // Telemetry off, in this run's own configuration folder.
  const disable = spawnSync(process.execPath, [cli, "--telemetry-disable"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (disable.status !== 0) throw new Error(`netlify --telemetry-disable failed: ${disable.stderr}`);

  fs.mkdirSync(path.join(project, ".cache"), { recursive: true });
  fs.cpSync(path.join(root, "public"), path.join(project, "public"), { recursive: true });
  fs.cpSync(path.join(root, ".cache/functions"), path.join(project, ".cache/functions"), { recursive: true });
  // The function's wrapper requires from the project's node_modules, as on a deploy's build image.
  fs.symlinkSync(path.join(root, "node_modules"), path.join(project, "node_modules"));
  for (const part of [".netlify/functions-internal", FRAMEWORKS_CONFIG_FILE])
    fs.cpSync(path.join(root, part), path.join(staged, part), { recursive: true });
  if (options.upstreamOrigin)
    pointProxiesAt(path.join(staged, FRAMEWORKS_CONFIG_FILE), options.upstreamOrigin);
  fs.writeFileSync(
    path.join(project, "netlify.toml"),
    `[build]\n  command = "cp -R '${staged}/.netlify' ."\n  publish = "public"\n`,
  );

  const [functionsPort, staticPort] = [await freePort(), await freePort()];
  let host: Server;
  try {
    host = await serveProcess(
      "timeout",
      (port) => [
        "--kill-after=5",
        String(options.lifetimeSeconds ?? 600),
        process.execPath,
        cli,
        "serve",
        "--offline",
        "--internal-disable-edge-functions",
        "--port",
        String(port),
        "--functions-port",
        String(functionsPort),
        "--staticServerPort",
        String(staticPort),
      ],
      { cwd: project, env, timeoutMs: 120_000 },
    );
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let output = "";
  host.child.stdout?.on("data", (d) => (output += d));
  host.child.stderr?.on("data", (d) => (output += d));
  return {
    ...host,
    projectDir: project,
    output: () => output,
    stop: async () => {
      await host.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
