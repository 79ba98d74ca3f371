/**
 * Runs `task` in a task of its own once the browser has drawn the next frame: for work an input
 * must not wait for (issue 38, INP). An input's latency runs from the input to the next frame on
 * screen, so what runs in the input's own task, or before that frame, is part of it; what this
 * schedules comes after it. A timer set from a frame's animation callback fires after that
 * frame is painted. Returns a function that cancels `task` if it has not run yet (for an
 * effect's cleanup).
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
