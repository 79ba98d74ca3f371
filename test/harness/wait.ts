/**
 * Polls until `check` returns true (or a value), failing with `message` after `timeoutMs`. Only for
 * what the page cannot see (the outbox, the stand-ins' log, files and git branches, what the test
 * has already recorded of the page's console and policy reports); the page's own state is waited
 * for by the browser (e2e/lib/wait.ts's `until`, `page.waitForFunction`, locator states), except
 * where nothing of Playwright may be in the page (bench/interactions.ts).
 */
export async function waitFor<T>(
  check: () => Promise<T | false>,
  message: string,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== false) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out: ${message}${last ? ` (${String(last)})` : ""}`);
}
