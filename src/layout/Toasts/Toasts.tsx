import * as React from "react";
import { ErrorBoundary } from "react-error-boundary";
import { loadedToastify, loadToastify, subscribeToastify } from "../../lib/toasts";
import { whenIdle } from "../../lib/whenIdle";
import { TOAST_AUTO_CLOSE_MS } from "../../styles/constants";

/**
 * The toast area inside the open consultation dialog. A modal <dialog> sits in the top layer and
 * makes the rest of the page inert, so a toast in the page's own area would show dimmed under the
 * backdrop, could not be hovered or closed, and would be hidden from screen readers.
 */
export const DIALOG_TOASTS = "dialog";

/** react-toastify's region's accessible name. */
export const TOASTS_LABEL = "Notifications";

/** Spec section 8: bottom-left, 5 s, no progress bar, pauses on hover and when the window loses focus. */
export const TOAST_OPTIONS = {
  position: "bottom-left",
  autoClose: TOAST_AUTO_CLOSE_MS,
  hideProgressBar: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
} as const;

const noop = () => undefined;

/**
 * A toast area. The layout renders the page's one (no id) on every layout page; the consultation
 * dialog its own (DIALOG_TOASTS).
 *
 * The area is a polite live region in the static HTML, empty, from the first paint, so a screen
 * reader knows it before any message: react-toastify's container renders inside it once loaded
 * (the first time a toast is shown, src/lib/toasts.ts), and the toast arrives there. The element
 * itself is React's from hydration on and never replaced. (It is not a landmark: react-toastify's
 * own region inside it is the named one.) An area rendered later (the dialog's, opened with its
 * form) asks for react-toastify once the browser is idle: not in the frames that first show the
 * dialog, and long before a visitor could have filled in the form. If react-toastify cannot load, the area stays empty: the
 * form's own panels still say whether a request was sent, and the page stays.
 */
export const Toasts = React.memo(function Toasts({ containerId }: { containerId?: string }) {
  const toastify = React.useSyncExternalStore(subscribeToastify, loadedToastify, noop);
  React.useEffect(() => {
    if (containerId) return whenIdle(() => void loadToastify().catch(noop));
  }, [containerId]);
  return (
    <div aria-live="polite" aria-relevant="additions text" data-toast-area={containerId ?? "page"}>
      {toastify && (
        <ErrorBoundary fallback={null}>
          <toastify.ToastContainer containerId={containerId} aria-label={TOASTS_LABEL} {...TOAST_OPTIONS} />
        </ErrorBoundary>
      )}
    </div>
  );
});
