/** @jest-environment node */
/**
 * The harness's throwaway PostgreSQL runs apart from the test process (`pg_ctl` starts it in a
 * session of its own), so a Ctrl-C in the terminal does not reach it. A run that ends without
 * stopping it (interrupted, stopped by a timeout's SIGTERM, killed, or failing) must stop it and
 * delete its cluster (test/harness/postgres.ts), not leave a server on the developer's machine.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { stopTree } from "../../../scripts/stageRunner";
import { waitFor } from "../wait";
import { failOnSignal, requireHarness, startRun, waitForever } from "./runs";

/** The server a run started: where its cluster is and its main process, to end it if a test fails. */
interface Cluster {
  url: string;
  directory: string;
  postmaster: number;
}

const clusters: Cluster[] = [];
// A test that failed leaves its cluster running: end it the way a crash would, and delete it.
afterEach(() => {
  for (const { postmaster, directory } of clusters.splice(0)) {
    try {
      process.kill(postmaster, "SIGQUIT");
    } catch {
      // gone, as it should be
    }
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

async function query<T>(url: string, sql: string): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => undefined); // a server stopping mid-query: the query fails too
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] as T;
  } finally {
    await client.end();
  }
}

/** A run that starts PostgreSQL through the harness, prints its URL, then does `then`. */
async function start(then: string) {
  const run = await startRun(
    `
${requireHarness("postgres.ts")}.startPostgres().then(({ url }) => {
  console.log(url);
  ${then}
});
`,
    /postgres:\/\/\S+\/postgres/,
  );
  const url = run.printed;
  const { data } = await query<{ data: string }>(url, "SELECT current_setting('data_directory') AS data");
  // postmaster.pid's first line is the server's main process.
  const postmaster = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  const cluster = { url, directory: path.dirname(data), postmaster };
  clusters.push(cluster);
  return { ...run, cluster };
}

const answers = async (url: string) => {
  try {
    await query(url, "SELECT 1");
    return true;
  } catch {
    return false;
  }
};

/** Waits until the cluster no longer answers and its directory is gone (fails after 5 s). */
const gone = async ({ url, directory }: Cluster) => {
  await waitFor(async () => !(await answers(url)), `the PostgreSQL server at ${url} still answers`);
  await waitFor(async () => !fs.existsSync(directory), `the cluster ${directory} is still there`);
};

test.each(["SIGINT", "SIGTERM", "SIGKILL"] as const)(
  "a run ended by %s stops its PostgreSQL and deletes the cluster, and still ends by that signal",
  async (signal) => {
    const { process: run, cluster, ended } = await start(waitForever);
    expect(fs.existsSync(cluster.directory)).toBe(true);
    run.kill(signal);
    expect(await ended).toEqual({ code: null, signal });
    await gone(cluster);
  },
);

test("a run that fails with an uncaught error stops its PostgreSQL and deletes the cluster", async () => {
  const { process: run, cluster, ended } = await start(failOnSignal);
  run.kill("SIGUSR2");
  expect((await ended).code).toBe(1);
  await gone(cluster);
});

test("a run stopped past its stage's limit (SIGTERM to it and every process under it at once) stops its PostgreSQL", async () => {
  const { process: run, cluster, ended } = await start(waitForever);
  const stopped = stopTree(run.pid!);
  expect(await ended).toEqual({ code: null, signal: "SIGTERM" });
  await gone(cluster);
  await stopped;
});
