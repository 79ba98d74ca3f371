/**
 * Toasts (spec section 8), the part every page loads: react-toastify itself is a chunk of its
 * own, fetched the first time something shows a toast (or an area that opens with a form asks
 * for it), never with the page. The layout's toast area is in the static HTML as an empty live
 * region from the first paint (src/layout/Toasts); react-toastify renders inside it once loaded,
 * so the message arrives in a live region that already existed.
 */
import type { ToastOptions } from "react-toastify";
import { loadOnce } from "./loadOnce";

type Toastify = typeof import("react-toastify");

let module: Toastify | undefined;
const listeners = new Set<() => void>();

/** Fetches react-toastify once (again after a failed attempt: offline, a deploy in between). */
export const loadToastify = loadOnce(() =>
  import(/* webpackChunkName: "toastify" */ "react-toastify").then((m) => {
    module = m;
    listeners.forEach((listener) => listener());
    return m;
  }),
);

/** Called once react-toastify has loaded (for useSyncExternalStore). */
export function subscribeToastify(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** react-toastify once loaded, for the render that shows it; undefined before. */
export const loadedToastify = (): Toastify | undefined => module;

/** A toast; if react-toastify cannot load, nothing is shown (the caller's own message stays). */
export function showToast(kind: "success" | "error", message: string, options: ToastOptions): void {
  loadToastify().then(
    ({ toast }) => toast[kind](message, options),
    () => undefined,
  );
}

/** For tests: back to a fresh page load. */
export function resetToastify(): void {
  module = undefined;
  loadToastify.reset();
}
