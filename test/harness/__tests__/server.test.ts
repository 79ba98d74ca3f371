/** @jest-environment node */
/**
 * The harness starts each server in a process group of its own, so that stopping it ends
 * everything the server started (test/harness/server.ts). A run that ends without stopping its
 * servers (interrupted with Ctrl-C, stopped by a timeout, killed, or failing) must not leave them running
 * on the developer's machine.
 */
import { waitFor } from "../wait";
import { failOnSignal, requireHarness, startRun, waitForever } from "./runs";

/**
 * A run that starts a server through the harness, prints its address, then does `then`. The
 * server answers "up", and gives up by itself after a minute, so a failing test leaves nothing.
 */
const start = async (then: string) => {
  const run = await startRun(
    `
const { serveProcess } = ${requireHarness("server.ts")};
const server = "require('node:http').createServer((q, s) => s.end('up')).listen(Number(process.argv[1]), '127.0.0.1'); setTimeout(() => process.exit(0), 60000);";
serveProcess(process.execPath, (port) => ["-e", server, String(port)]).then(({ url }) => {
  console.log(url);
  ${then}
});
`,
    /http:\/\/127\.0\.0\.1:\d+/,
  );
  return { ...run, url: run.printed };
};

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

test.each(["SIGINT", "SIGTERM", "SIGKILL"] as const)(
  "a run ended by %s takes its server with it, and still ends by that signal",
  async (signal) => {
    const { process: run, url, ended } = await start(waitForever);
    expect(await answers(url)).toBe(true);
    run.kill(signal);
    expect(await ended).toEqual({ code: null, signal });
    await gone(url);
  },
);

test("a run that fails with an uncaught error takes its server with it", async () => {
  const { process: run, url, ended } = await start(failOnSignal);
  expect(await answers(url)).toBe(true);
  run.kill("SIGUSR2");
  expect((await ended).code).toBe(1);
  await gone(url);
});
