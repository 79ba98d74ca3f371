import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { migrate } from "../../src/server/consultation/postgres/schema";
import { whenThisProcessEnds } from "./processEnd";
import { freePort } from "./server";

/**
 * A throwaway PostgreSQL server for tests: Debian's `postgresql` package (`apt-get install -y
 * postgresql`), a fresh cluster in a temporary directory on a free port, stopped and deleted
 * afterwards. The server refuses to run as root, so when the tests run as root (CI) every server
 * command runs as the `postgres` user through `runuser`, in a directory that user owns.
 *
 *   const pg = await startPostgres();           // in beforeAll (takes about a second)
 *   const url = await pg.createDatabase();      // a database per test, migrated (npm run db:migrate)
 *   await pg.stop();                            // in afterAll
 *
 * The cluster runs with fsync off: a test "kills" the server process, never the machine, and
 * what a killed server had committed is in the operating system's page cache either way.
 */

const run = promisify(execFile);

/** Where Debian's `postgresql` package puts each version's server binaries. */
export const POSTGRES_ROOT = "/usr/lib/postgresql";

/**
 * The folder the tests take initdb and pg_ctl from: PG_BIN if set (whatever it holds), else the
 * newest /usr/lib/postgresql/<version>/bin with an initdb, else undefined. `npm test` checks it
 * before its first stage (scripts/preflight.ts).
 */
export function postgresBinCandidate(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = fs.existsSync(POSTGRES_ROOT)
    ? fs
        .readdirSync(POSTGRES_ROOT)
        .filter((v) => fs.existsSync(path.join(POSTGRES_ROOT, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(POSTGRES_ROOT, versions[0], "bin") : undefined;
}

/** The newest PostgreSQL under /usr/lib/postgresql/<version>/bin (or PG_BIN, if set). */
export function findPostgresBin(): string {
  const bin = postgresBinCandidate();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed: the lead-store tests need Debian's server package (apt-get install -y postgresql), or PG_BIN pointing at a folder with initdb and pg_ctl",
    );
  }
  return bin;
}

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  port: number;
  /** Creates a database with the lead store's tables (or `{ migrated: false }`: empty) and returns its URL. */
  createDatabase(options?: { migrated?: boolean }): Promise<string>;
  /** Ends the server at once, without a clean shutdown, as a crash or `kill -9` would. */
  kill(): Promise<void>;
  /** Starts the same cluster again (after `kill`), on the same port, with its data. */
  restart(): Promise<void>;
  /** Stops the server and deletes the cluster. */
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

export async function startPostgres(): Promise<PostgresServer> {
  const bin = findPostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // As root, hand the directory to the postgres user and run the server commands as that user.
  const asServer = (command: string, args: string[]): [string, string[]] => {
    const file = path.join(bin, command);
    return isRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  };
  if (isRoot()) execFileSync("chown", ["postgres:", dir]);

  const pgCtl = (...args: string[]) => run(...asServer("pg_ctl", ["-D", data, ...args]));
  const start = () =>
    pgCtl(
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`,
      "-l",
      path.join(dir, "server.log"),
      "-w",
      "-t",
      "30",
      "start",
    );

  let running = false;
  // If the test process ends without calling stop() (interrupted, stopped by a timeout, failing),
  // do not leave a server behind: pg_ctl starts it in a session of its own, which a Ctrl-C in the
  // terminal does not reach.
  const forget = whenThisProcessEnds('dir=$1; shift; "$@" >/dev/null 2>&1; rm -rf "$dir"', [
    dir,
    ...asServer("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).flat(),
  ]);

  try {
    await run(
      ...asServer("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]),
      {
        env: { ...process.env, LC_ALL: "C", LANG: "C" },
      },
    );
    await start();
    running = true;
  } catch (error) {
    const log = path.join(dir, "server.log");
    const detail = fs.existsSync(log) ? `\n${fs.readFileSync(log, "utf8")}` : "";
    forget();
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL from ${bin}: ${(error as Error).message}${detail}`);
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;

  return {
    url,
    port,
    async createDatabase({ migrated = true } = {}) {
      const name = `test_${process.pid}_${++databases}`;
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      const created = `postgres://postgres@127.0.0.1:${port}/${name}`;
      if (migrated) {
        const db = new Client({ connectionString: created });
        await db.connect();
        try {
          await migrate(db);
        } finally {
          await db.end();
        }
      }
      return created;
    },
    async kill() {
      await pgCtl("-m", "immediate", "stop");
      running = false;
    },
    async restart() {
      await start();
      running = true;
    },
    async stop() {
      if (running) await pgCtl("-m", "fast", "stop");
      running = false;
      forget();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
