import * as React from "react";
import { ErrorBoundary } from "react-error-boundary";
import { TOAST_AUTO_CLOSE_MS } from "../../styles/constants";

// react-toastify (and the stylesheet it injects) loads after the page, off the first load. Only
// the places that show the consultation form (the toasts' one source) render a toast area.
const ToastContainer = React.lazy(() =>
  import("react-toastify").then((m) => ({ default: m.ToastContainer })),
);

/**
 * The toast area inside the open consultation dialog. A modal <dialog> sits in the top layer and
 * makes the rest of the page inert, so a toast in the page's own area would show dimmed under the
 * backdrop, could not be hovered or closed, and would be hidden from screen readers.
 */
export const DIALOG_TOASTS = "dialog";

/**
 * A toast area (spec section 8): bottom-left, 5 s, no progress bar, pauses on hover/blur. The
 * contact view renders the page's one (no id); the consultation dialog its own (DIALOG_TOASTS).
 */
export function Toasts({ containerId }: { containerId?: string }) {
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    const start = () => setReady(true);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
  if (!ready) return null;
  // If react-toastify cannot load, there is no toast area: the form's own panels still say
  // whether a request was sent, and the page stays (a failed lazy render would unmount it all).
  return (
    <ErrorBoundary fallback={null}>
      <React.Suspense fallback={null}>
        <ToastContainer
          containerId={containerId}
          position="bottom-left"
          autoClose={TOAST_AUTO_CLOSE_MS}
          hideProgressBar
          pauseOnHover
          pauseOnFocusLoss
        />
      </React.Suspense>
    </ErrorBoundary>
  );
}
