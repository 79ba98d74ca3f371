import * as React from "react";
import { TOAST_AUTO_CLOSE_MS } from "../styles/constants";

// react-toastify (and the stylesheet it injects) loads after the page, off the first load: the
// only toasts come from the consultation form, which is itself loaded on demand.
const ToastContainer = React.lazy(() =>
  import("react-toastify").then((m) => ({ default: m.ToastContainer })),
);

/** The one toast area (spec section 8): bottom-left, 5 s, no progress bar, pauses on hover/blur. */
export function Toasts() {
  const [ready, setReady] = React.useState(false);
  React.useEffect(() => {
    const start = () => setReady(true);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
  if (!ready) return null;
  return (
    <React.Suspense fallback={null}>
      <ToastContainer
        position="bottom-left"
        autoClose={TOAST_AUTO_CLOSE_MS}
        hideProgressBar
        pauseOnHover
        pauseOnFocusLoss
      />
    </React.Suspense>
  );
}
