/**
 * Runs `task` in a task of its own once the browser is idle (at the latest after `timeout` ms),
 * and returns a function that cancels it. For work a page can start late: run inside the
 * hydration's effects it would lengthen one of the page's longest tasks (issue 6, TBT). Where
 * requestIdleCallback is missing (Safari, jsdom), a timer stands in.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1);
  return () => window.clearTimeout(id);
}
