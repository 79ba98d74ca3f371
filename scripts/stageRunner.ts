/**
 * One stage of `npm test` (scripts/check-all.ts): a command run to its end, or stopped when it has
 * run longer than its limit. A stage that hangs would otherwise hold the whole run until CI's own
 * timeout ends it, with nothing printed (a stage beside others holds its output back until it
 * ends): once, CI gave up on a run after 90 minutes, its log ending at the unit tests. Stopped, a
 * stage prints what it had written, which of its processes were still running and for how long,
 * and fails, so the run ends in minutes and says where it stuck.
 */
import { spawn, spawnSync } from "node:child_process";

export interface Stage {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Starts with its group and runs on beside the next one, which waits for it at its end. */
  besideNext?: boolean;
}

export interface Result {
  name: string;
  seconds: number;
  ok: boolean;
}

interface ProcessRow {
  pid: number;
  ppid: number;
  seconds: number;
  command: string;
}

/** Every process on the machine: pid, parent, seconds since it started, command line (`ps`). */
function processes(): ProcessRow[] {
  const ps = spawnSync("ps", ["-eo", "pid=,ppid=,etimes=,args="], { encoding: "utf8" });
  return (ps.stdout ?? "")
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), seconds: Number(m[3]), command: m[4] }));
}

/**
 * The process `root` and all its descendants, each with its depth, parents before children. Found
 * by parent, not by process group: a browser's launcher starts it in a group of its own.
 */
export function descendants(rows: ProcessRow[], root: number): (ProcessRow & { depth: number })[] {
  const children = new Map<number, ProcessRow[]>();
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  const self = rows.find((r) => r.pid === root);
  const out: (ProcessRow & { depth: number })[] = [];
  const walk = (row: ProcessRow, depth: number) => {
    out.push({ ...row, depth });
    for (const child of children.get(row.pid) ?? []) walk(child, depth + 1);
  };
  if (self) walk(self, 0);
  return out;
}

const MAX_COMMAND = 160;

/** The tree as lines, one per process: how long it has run, then its command, indented by depth. */
export function describeTree(tree: (ProcessRow & { depth: number })[]): string {
  return tree
    .map(({ depth, seconds, command }) => {
      const shown = command.length > MAX_COMMAND ? `${command.slice(0, MAX_COMMAND)}…` : command;
      return `  ${String(seconds).padStart(6)} s  ${"  ".repeat(depth)}${shown}`;
    })
    .join("\n");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Ends the tree: SIGTERM to every process in it, then SIGKILL a few seconds on. The list is taken
 * once, first: a process whose parent has gone is no longer found under the stage.
 */
export async function stopTree(root: number): Promise<void> {
  const pids = descendants(processes(), root).map((p) => p.pid);
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // gone already
      }
    }
  };
  signal("SIGTERM");
  await sleep(5_000);
  signal("SIGKILL");
}

/**
 * Runs a stage: with its output held back and printed whole under its name when it ends (`alone`
 * false), or straight to this terminal. Past `limitSeconds`, the stage's processes are listed and
 * stopped, and it fails.
 */
export function runStage(stage: Stage, alone: boolean, limitSeconds: number): Promise<Result> {
  const started = Date.now();
  const [command, ...args] = stage.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...stage.env },
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (d: Buffer) => output.push(d));
    child.stderr?.on("data", (d: Buffer) => output.push(d));
    let stopped: string | undefined;
    const limit = setTimeout(() => {
      const tree = describeTree(descendants(processes(), child.pid ?? -1));
      stopped =
        `\n${stage.name}: stopped after ${limitSeconds} s, its limit (scripts/check-all.ts). ` +
        `Still running then (seconds since each started):\n${tree}\n`;
      if (alone) process.stdout.write(stopped);
      void stopTree(child.pid ?? -1);
    }, limitSeconds * 1000);
    let ended = false;
    const done = (ok: boolean) => {
      if (ended) return;
      ended = true;
      clearTimeout(limit);
      const seconds = (Date.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n== ${stage.name}: ${stage.command.join(" ")} (${seconds.toFixed(0)} s)\n`);
        process.stdout.write(Buffer.concat(output));
        if (stopped) process.stdout.write(stopped);
      }
      resolve({ name: stage.name, seconds, ok: ok && !stopped });
    };
    child.on("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.on("exit", (code) => done(code === 0));
  });
}
