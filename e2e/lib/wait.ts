/** Polls until `check` returns true (or a value), failing with `message` after `timeoutMs`. */
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
