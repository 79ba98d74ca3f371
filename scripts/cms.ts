/**
 * `npm run cms`: decap-server, the web editor's local backend. It reads and writes the content
 * folder for anyone who can reach it, with no sign-in, so it listens on this machine's loopback
 * address unless BIND_HOST names another (BIND_HOST=0.0.0.0 for every interface). PORT (8081),
 * MODE (fs: edit the files; git: branches and commits, for the editorial workflow) and
 * GIT_REPO_DIRECTORY (this folder) are decap-server's own; see docs/editing-content.md.
 */
import { spawn } from "node:child_process";

const server = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
  env: { ...process.env, BIND_HOST: process.env.BIND_HOST || "127.0.0.1" },
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
