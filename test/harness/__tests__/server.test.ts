/** @jest-environment node */
/**
 * The harness starts each server in a process group of its own, so that stopping it ends
 * everything the server started (test/harness/server.ts). A run that ends without stopping its
 * servers (interrupted with Ctrl-C, stopped by a timeout, or failing) must not leave them running
 * on the developer's machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { waitFor } from "../wait";

const repo = path.resolve(__dirname, "../../..");

/**
 * A run that starts a server through the harness, prints its address, then does `then`. The
 * server answers "up", and gives up by itself after a minute, so a failing test leaves nothing.
 */
const run = (then: string) => `
const { serveProcess } = require(${JSON.stringify(path.join(repo, "test/harness/server.ts"))});
const server = "require('node:http').createServer((q, s) => s.end('up')).listen(Number(process.argv[1]), '127.0.0.1'); setTimeout(() => process.exit(0), 60000);";
serveProcess(process.execPath, (port) => ["-e", server, String(port)]).then(({ url }) => {
  console.log(url);
  ${then}
});
`;

interface Started {
  starter: ChildProcess;
  url: string;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const starters: ChildProcess[] = [];
// A test that failed early leaves its run going: end it (its server ends by itself).
afterEach(() => starters.splice(0).forEach((starter) => starter.exitCode ?? starter.kill("SIGKILL")));

/** Starts a run and waits until its server answers. */
async function start(then: string): Promise<Started> {
  const starter = spawn(process.execPath, ["--import", "tsx", "-e", run(then)], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  starters.push(starter);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    starter.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let output = "";
  starter.stderr!.on("data", (d) => (output += d));
  const url = await new Promise<string>((resolve, reject) => {
    starter.stdout!.on("data", (d) => {
      output += d;
      const printed = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (printed) resolve(printed[0]);
    });
    void ended.then(() => reject(new Error(`the run ended before its server started:\n${output}`)));
  });
  return { starter, url, ended };
}

const answers = async (url: string): Promise<boolean> => {
  try {
    return (await (await fetch(url)).text()) === "up";
  } catch {
    return false;
  }
};

/** Waits until the run's server no longer answers (fails after 5 s). */
const gone = (url: string) =>
  waitFor(async () => !(await answers(url)), `the server at ${url} still answers`);

test.each(["SIGINT", "SIGTERM"] as const)(
  "a run ended by %s takes its server with it, and still ends by that signal",
  async (signal) => {
    const { starter, url, ended } = await start("setInterval(() => undefined, 1000);");
    expect(await answers(url)).toBe(true);
    starter.kill(signal);
    expect(await ended).toEqual({ code: null, signal });
    await gone(url);
  },
);

test("a run that fails with an uncaught error takes its server with it", async () => {
  const { starter, url, ended } = await start(
    "process.on('SIGUSR2', () => { throw new Error('the run failed'); }); setInterval(() => undefined, 1000);",
  );
  expect(await answers(url)).toBe(true);
  starter.kill("SIGUSR2");
  expect((await ended).code).toBe(1);
  await gone(url);
});
