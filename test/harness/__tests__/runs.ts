/**
 * Runs that use the harness and end the way a developer's run can end (a Ctrl-C, a timeout's
 * SIGTERM, an uncaught error), for the tests that check the harness leaves nothing running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const repo = path.resolve(__dirname, "../../..");

/** `require` of a harness module, for a run's script. */
export const requireHarness = (module: string) =>
  `require(${JSON.stringify(path.join(repo, "test/harness", module))})`;

export interface Run {
  process: ChildProcess;
  /** The first match of `printed` in what the run wrote. */
  printed: string;
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];
// A test that failed early leaves its run going: end it.
afterEach(() => started.splice(0).forEach((run) => run.exitCode ?? run.kill("SIGKILL")));

/** Starts `script` in a Node process (TypeScript allowed) and waits until it prints `printed`. */
export async function startRun(script: string, printed: RegExp): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", "-e", script], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let output = "";
  child.stderr!.on("data", (d) => (output += d));
  const match = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      output += d;
      const found = printed.exec(output);
      if (found) resolve(found[0]);
    });
    void ended.then(() => reject(new Error(`the run ended before it printed ${printed}:\n${output}`)));
  });
  return { process: child, printed: match, ended };
}

/** What a run does after its start until a signal ends it. */
export const waitForever = "setInterval(() => undefined, 1000);";

/** What a run does after its start until SIGUSR2, which makes it fail with an uncaught error. */
export const failOnSignal =
  "process.on('SIGUSR2', () => { throw new Error('the run failed'); }); setInterval(() => undefined, 1000);";
