/**
 * Cleanups for what the harness starts apart from this process: servers in process groups of their
 * own (server.ts), a PostgreSQL that `pg_ctl` starts in a session of its own (postgres.ts). A
 * Ctrl-C in the terminal reaches neither, so when this process ends without stopping them
 * (interrupted, stopped by a timeout, or failing on an uncaught error), it ends them on its way
 * out. Each cleanup must be synchronous: after `exit` or a signal's handler, nothing else runs.
 * A SIGKILL runs no handler, so nothing covers it.
 */
const cleanups = new Set<() => void>();

function runCleanups(): void {
  for (const cleanup of [...cleanups]) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch {
      // what it ends is gone already
    }
  }
}

let installed = false;
function install(): void {
  if (installed) return;
  installed = true;
  process.on("exit", runCleanups);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      runCleanups();
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
 * Runs `cleanup` when this process ends, unless the returned function is called first (when the
 * thing it ends has been stopped the ordinary way).
 */
export function whenThisProcessEnds(cleanup: () => void): () => void {
  install();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
