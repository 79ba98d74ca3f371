/**
 * Runs `task` in a task of its own once the browser has drawn the next frame: for work an input
 * must not wait for (issue 38, INP). An input's latency runs from the input to the next frame on
 * screen, so what runs in the input's own task, or before that frame, is part of it; what this
 * schedules comes after it. A message posted from a frame's animation callback is handled after
 * that frame (a timer would be too, but one scheduled there can be delayed by timer clamping).
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      task();
    };
    channel.port2.postMessage(null);
  });
}
