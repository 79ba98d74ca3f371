/**
 * The page's main thread at its own running time: for Lighthouse's simulation (bench/lighthouse.ts),
 * and for the share of an interaction that was the page's own work (`threadTimeIn`, bench/interactions.ts).
 *
 * Chrome's trace gives every task two lengths: its wall time (`dur`) and the time its thread was
 * running (`tdur`). On this project's 2-core hosts the page's main thread shares the cores with the
 * rest of Chromium (the browser process, the software raster and compositor, the network service,
 * V8's background compiler and collector), which a phone runs on its other cores: during a load a
 * template's long tasks ran for 18 to 49 % of their wall time (measured on `/industries/finance`,
 * `/about` and `/uk`, nothing else running on the host). Lighthouse multiplies wall time by the
 * CPU slowdown, so that waiting was multiplied as if the phone's main thread had done it, and TBT
 * moved by 100 ms from run to run on the same page. Taken at thread time, a task is the page's own
 * work, which the calibration then scales to the phone.
 */

/** The fields of a trace event this reads and rewrites (microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** What the rewrite changed, in ms: the top-level tasks' wall time before, thread time after. */
export interface ThreadTimeSummary {
  wallMs: number;
  threadMs: number;
}

const TASK = "RunTask";

/**
 * Shortens, in place, each top-level task of `mainThreadEvents` (the main thread's events sorted
 * by start, as Lighthouse's trace processor gives them) to its thread time, and draws the events
 * nested in it closer by the same ratio, so they stay inside it. The gaps between tasks are kept:
 * a task still starts when it started, and what it waited for before starting (the network, a
 * timer) is not the CPU's. A task without a thread time, or that ran all along, is left as it is.
 */
export function toThreadTime(mainThreadEvents: TraceEvent[]): ThreadTimeSummary {
  let wall = 0;
  let thread = 0;
  let i = 0;
  while (i < mainThreadEvents.length) {
    const task = mainThreadEvents[i];
    i++;
    if (task.name !== TASK || task.ph !== "X" || task.dur === undefined) continue;
    const start = task.ts;
    const end = start + task.dur;
    const ratio = task.tdur === undefined ? 1 : Math.min(1, task.tdur / task.dur);
    wall += task.dur;
    thread += task.dur * ratio;
    // Everything that starts inside the task is nested in it, nested tasks included.
    for (; i < mainThreadEvents.length && mainThreadEvents[i].ts < end; i++) {
      const e = mainThreadEvents[i];
      e.ts = start + (e.ts - start) * ratio;
      if (e.dur !== undefined) e.dur *= ratio;
    }
    task.dur *= ratio;
  }
  return { wallMs: wall / 1000, threadMs: thread / 1000 };
}

/** A trace event with the thread it ran on, as Chrome's trace gives it (a whole trace, every thread). */
export interface ThreadEvent extends TraceEvent {
  pid: number;
  tid: number;
}

/** A thread's task cut to a window: where it starts and ends inside it, and the share it ran. */
interface TaskInWindow {
  start: number;
  end: number;
  /** Its thread time over its wall time (1 for a task without a thread time). */
  ratio: number;
}

/**
 * One thread's tasks between `from` and `to` (trace microseconds), each cut to the window: a task
 * that straddles it keeps its part inside, with its thread time shared out in proportion.
 */
function tasksIn(
  events: readonly ThreadEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
): TaskInWindow[] {
  return events.flatMap((e) => {
    if (e.name !== TASK || e.ph !== "X" || !e.dur || e.pid !== thread.pid || e.tid !== thread.tid) return [];
    const start = Math.max(e.ts, from);
    const end = Math.min(e.ts + e.dur, to);
    return end > start ? [{ start, end, ratio: Math.min(e.tdur ?? e.dur, e.dur) / e.dur }] : [];
  });
}

/**
 * The time one thread spent in its top-level tasks between `from` and `to` (trace microseconds),
 * on the wall and running, in ms: a task that straddles the window counts for its part inside,
 * its thread time shared out in proportion. A task without a thread time counts as running all
 * along. For an interaction (bench/interactions.ts): how much of it was the page's own work.
 */
export function threadTimeIn(
  events: readonly ThreadEvent[],
  thread: { pid: number; tid: number },
  from: number,
  to: number,
): ThreadTimeSummary {
  let wall = 0;
  let running = 0;
  for (const t of tasksIn(events, thread, from, to)) {
    wall += t.end - t.start;
    running += (t.end - t.start) * t.ratio;
  }
  return { wallMs: wall / 1000, threadMs: running / 1000 };
}

/**
 * The page's threads' running time between `from` and `to` (trace microseconds), in ms, as a
 * phone with a core for each thread spends it. A worker's work inside one of the main thread's
 * tasks ran beside that task (the main thread was not waiting for it), so each such task counts
 * as the longer of the two: its own running time, or the workers' inside it. A worker's work
 * between the main thread's tasks (what the main thread waits for, such as a search's query)
 * counts whole. For an interaction (bench/interactions.ts): the part the phone's cores stretch.
 */
export function pageThreadsRunningIn(
  events: readonly ThreadEvent[],
  main: { pid: number; tid: number },
  workers: readonly { pid: number; tid: number }[],
  from: number,
  to: number,
): number {
  const mainTasks = tasksIn(events, main, from, to).map((t) => ({
    ...t,
    running: (t.end - t.start) * t.ratio,
    workers: 0,
  }));
  let alone = 0;
  for (const worker of workers) {
    for (const w of tasksIn(events, worker, from, to)) {
      let beside = 0;
      for (const m of mainTasks) {
        const overlap = Math.min(w.end, m.end) - Math.max(w.start, m.start);
        if (overlap <= 0) continue;
        m.workers += overlap * w.ratio;
        beside += overlap;
      }
      alone += (w.end - w.start - beside) * w.ratio;
    }
  }
  return mainTasks.reduce((sum, m) => sum + Math.max(m.running, m.workers), alone) / 1000;
}

/**
 * Where the main thread's part of the frame that shows an interaction's answer is done: the end of
 * the first `Commit` (the main thread handing a frame to the compositor) on `thread` at or after
 * `answered` (trace microseconds: when the event's handlers ended, or when the answer was first in
 * the page), and no later than `to` plus `slackUs` (Event Timing rounds a duration to 8 ms, so its
 * end can come up to 4 ms before the frame it names); `to` when there is none. After the commit
 * the frame is rastered and drawn on other threads: main-thread tasks then (the page's hydration,
 * an idle callback, the next frame's work) do not delay it.
 */
export function frameCommitEnd(
  events: readonly ThreadEvent[],
  thread: { pid: number; tid: number },
  answered: number,
  to: number,
  slackUs = 4_000,
): number {
  let first: ThreadEvent | undefined;
  for (const e of events) {
    if (e.name !== "Commit" || e.ph !== "X" || e.pid !== thread.pid || e.tid !== thread.tid) continue;
    if (e.ts < answered || e.ts > to + slackUs) continue;
    if (!first || e.ts < first.ts) first = e;
  }
  return first ? first.ts + (first.dur ?? 0) : to;
}
