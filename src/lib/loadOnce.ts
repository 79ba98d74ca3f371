/**
 * A code-split module fetched once and shared by every caller: the first call starts the dynamic
 * import, later ones get the same promise. A load that failed (offline, or a deploy removed the
 * chunk) is forgotten, so the next call tries again instead of failing for good. `reset` forgets
 * a successful load too (tests start each case from a fresh page).
 */
export function loadOnce<T>(load: () => Promise<T>): (() => Promise<T>) & { reset: () => void } {
  let loading: Promise<T> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(get, { reset: () => (loading = undefined) });
}
