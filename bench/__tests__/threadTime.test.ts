import {
  frameCommitEnd,
  pageThreadsRunningIn,
  threadTimeIn,
  toThreadTime,
  type ThreadEvent,
  type TraceEvent,
} from "../threadTime";

const task = (ts: number, dur: number, tdur?: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ts,
  dur,
  tdur,
});
const inside = (name: string, ts: number, dur?: number): TraceEvent => ({ name, ph: "X", ts, dur });

describe("toThreadTime", () => {
  it("shortens a task the host kept waiting to the time its thread ran, its events drawn in with it", () => {
    // 100 ms on the wall, 40 ms running: a script at 50 ms for 20 ms, a layout at 80 ms for 10 ms.
    const events = [task(1_000_000, 100_000, 40_000), inside("EvaluateScript", 1_050_000, 20_000)];
    events.push(inside("Layout", 1_080_000, 10_000), task(1_200_000, 30_000, 30_000));

    const summary = toThreadTime(events);

    expect(events.map((e) => [e.name, e.ts, e.dur])).toEqual([
      ["RunTask", 1_000_000, 40_000],
      ["EvaluateScript", 1_020_000, 8_000],
      ["Layout", 1_032_000, 4_000],
      // The next task still starts when it started, and ran all along: unchanged.
      ["RunTask", 1_200_000, 30_000],
    ]);
    expect(summary).toEqual({ wallMs: 130, threadMs: 70 });
  });

  it("keeps a task that has no thread time, and the events between tasks", () => {
    const events = [inside("ResourceSendRequest", 500), task(1_000, 80_000), inside("Layout", 10_000, 5_000)];
    events.push(inside("TimerFire", 90_000, 1_000));

    toThreadTime(events);

    expect(events.map((e) => [e.ts, e.dur])).toEqual([
      [500, undefined],
      [1_000, 80_000],
      [10_000, 5_000],
      [90_000, 1_000],
    ]);
  });

  it("moves a task nested in another with its parent, once", () => {
    const events = [
      task(0, 100_000, 50_000),
      task(20_000, 40_000, 40_000),
      inside("FunctionCall", 30_000, 10_000),
    ];

    toThreadTime(events);

    expect(events.map((e) => [e.ts, e.dur])).toEqual([
      [0, 50_000],
      [10_000, 20_000],
      [15_000, 5_000],
    ]);
  });
});

describe("threadTimeIn", () => {
  const on = (pid: number, tid: number, ts: number, dur: number, tdur?: number): ThreadEvent => ({
    ...task(ts, dur, tdur),
    pid,
    tid,
  });
  const main = { pid: 1, tid: 10 };

  it("counts the thread's tasks inside the window, a straddling task for its part", () => {
    const events = [
      // Before the window: left out.
      on(1, 10, 0, 10_000, 10_000),
      // Half inside (50 of 100 ms on the wall), 40 ms running: 20 ms of it counted.
      on(1, 10, 50_000, 100_000, 40_000),
      // Inside: 30 ms on the wall, 12 running.
      on(1, 10, 160_000, 30_000, 12_000),
      // Another thread of the same process, and the same thread id in another process: left out.
      on(1, 11, 110_000, 50_000, 50_000),
      on(2, 10, 110_000, 50_000, 50_000),
      // Not a task.
      { ...inside("Layout", 170_000, 5_000), pid: 1, tid: 10 },
    ];

    expect(threadTimeIn(events, main, 100_000, 200_000)).toEqual({ wallMs: 80, threadMs: 32 });
  });

  it("counts a task without a thread time as running all along", () => {
    expect(threadTimeIn([on(1, 10, 0, 40_000)], main, 0, 100_000)).toEqual({ wallMs: 40, threadMs: 40 });
  });
});

describe("pageThreadsRunningIn", () => {
  const on = (tid: number, ts: number, dur: number, tdur?: number): ThreadEvent => ({
    ...task(ts, dur, tdur),
    pid: 1,
    tid,
  });
  const main = { pid: 1, tid: 10 };
  const workers = [
    { pid: 1, tid: 20 },
    { pid: 1, tid: 30 },
  ];

  it("adds up the threads' running time where they ran one after another", () => {
    const events = [on(10, 0, 10_000, 8_000), on(20, 12_000, 6_000, 6_000), on(10, 20_000, 5_000, 5_000)];

    expect(pageThreadsRunningIn(events, main, workers, 0, 100_000)).toBe(19);
  });

  it("counts a worker's work inside a main-thread task once, as the longer of the two (a phone runs them on two cores)", () => {
    const events = [
      // A main-thread task of 10 ms on the wall, 8 running; a worker ran 5 ms inside it: 8 counted.
      on(10, 0, 10_000, 8_000),
      on(20, 2_000, 5_000, 5_000),
      // A main-thread task running 3 ms; the worker ran 6 of its 7 ms inside it: 6 counted, and the
      // millisecond after it.
      on(10, 20_000, 6_000, 3_000),
      on(30, 20_000, 7_000, 7_000),
    ];

    expect(pageThreadsRunningIn(events, main, workers, 0, 100_000)).toBeCloseTo(8 + 6 + 1);
  });

  it("counts only what falls inside the window, and only the page's threads", () => {
    const events = [
      on(10, 0, 20_000, 20_000),
      on(20, 90_000, 20_000, 10_000),
      // The compositor's thread: not the page's.
      on(11, 50_000, 10_000, 10_000),
    ];

    expect(pageThreadsRunningIn(events, main, workers, 10_000, 100_000)).toBeCloseTo(10 + 5);
  });
});

describe("frameCommitEnd", () => {
  const commit = (ts: number, dur: number, tid = 10): ThreadEvent => ({
    name: "Commit",
    ph: "X",
    ts,
    dur,
    pid: 1,
    tid,
  });
  const main = { pid: 1, tid: 10 };

  it("ends at the main thread's first commit after the answer, not a later frame's", () => {
    const events = [
      commit(5_000, 1_000),
      commit(40_000, 2_000),
      commit(60_000, 1_000),
      commit(30_000, 1_000, 11),
    ];
    expect(frameCommitEnd(events, main, 10_000, 70_000)).toBe(42_000);
  });

  it("takes a commit just past the interaction's end (Event Timing rounds to 8 ms)", () => {
    expect(frameCommitEnd([commit(52_000, 1_000)], main, 20_000, 50_000)).toBe(53_000);
  });

  it("is the interaction's end when the main thread committed nothing after the answer", () => {
    expect(frameCommitEnd([commit(5_000, 1_000), commit(80_000, 1_000)], main, 10_000, 30_000)).toBe(30_000);
  });
});
