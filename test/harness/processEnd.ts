import { spawn } from "node:child_process";

/**
 * Cleanups for what the harness starts apart from this process: servers in process groups of their
 * own (server.ts), a PostgreSQL that `pg_ctl` starts in a session of its own (postgres.ts). A
 * Ctrl-C in the terminal reaches neither, and a handler in this process would not do: none runs on
 * a SIGKILL or a signal's default end, and in a Jest test `process.on` reaches only the test's
 * sandboxed copy of `process`, never the real one. So each cleanup waits in a watchdog: a shell in
 * a session of its own (so the Ctrl-C does not end it too), deaf to SIGINT, SIGTERM and SIGHUP,
 * reading a pipe from this process. The pipe closes when this process ends, however it ends, and
 * the watchdog then runs the cleanup; when the thing is stopped the ordinary way first, the
 * watchdog is told so and ends doing nothing.
 */
export function whenThisProcessEnds(script: string, args: string[]): () => void {
  const watchdog = spawn(
    "sh",
    [
      "-c",
      // Deaf to the signals that end a run, which may reach the watchdog too (scripts/stageRunner.ts
      // stops a stage past its limit with a SIGTERM to every process under it at once).
      `trap '' INT TERM HUP; read -r line; [ "$line" = done ] && exit 0; ${script}`,
      "watchdog",
      ...args,
    ],
    { stdio: ["pipe", "ignore", "ignore"], detached: true },
  );
  // Neither the watchdog nor its pipe keeps this process running.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void }).unref();
  watchdog.stdin!.on("error", () => undefined); // it has gone already
  let done = false;
  return () => {
    if (done) return;
    done = true;
    watchdog.stdin!.end("done\n");
  };
}
