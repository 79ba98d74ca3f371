import * as React from "react";
import { navigate } from "gatsby";
import { ErrorBoundary } from "react-error-boundary";
import { useConsultation } from "../../hooks/useConsultation";
import { useLayout, useSetShowModal } from "../../hooks/useLayout";
import { loadOnce } from "../../lib/loadOnce";
import { whenIdle } from "../../lib/whenIdle";

type Modal = React.ComponentType<{ open: boolean }>;

/**
 * Fetches and runs the modal's code once (again after a failed attempt). Its own chunk, named so
 * the build's chunk map (public/chunk-map.json) can find it by name.
 */
const loadConsultationModal = loadOnce<Modal>(() =>
  import(/* webpackChunkName: "consultation-modal" */ "../ConsultationModal").then(
    (module) => module.default,
  ),
);

/** Starts fetching the modal's code ahead of the click (a pointer over a button that opens it). */
export function prepareConsultationModal(): void {
  loadConsultationModal().catch(() => undefined);
}

/**
 * When the modal cannot load (a dropped connection, or a deploy removed its chunk), the visitor
 * goes to the consultation page instead, where the same form is part of the page: the button they
 * clicked is a link to it anyway.
 */
function ToConsultationPage() {
  const setShowModal = useSetShowModal();
  const { to } = useConsultation();
  React.useEffect(() => {
    void navigate(to);
    setShowModal(false);
  }, [to, setShowModal]);
  return null;
}

/**
 * The consultation modal. Its code is fetched once the page is idle and the dialog rendered
 * closed, in slices (a transition), so a click only opens it: rendering the form and its styles
 * at the click took most of the time between the click and the dialog on a phone's CPU (and
 * React.lazy's retry render adds frames, each with a style pass). Closed, it is not shown, not in
 * the accessibility tree and fetches nothing. After it closes it is rendered afresh, as a newly
 * opened modal would be (the draft keeps what the visitor typed).
 *
 * Opened before it has loaded, it loads at once. A failed load, or a modal that throws, leaves
 * the page and takes the visitor to the consultation page: without the boundary, React would
 * unmount the whole page and leave it blank.
 */
export function ConsultationModalSlot({ pathname }: { pathname: string }) {
  const { showModal } = useLayout();
  // Not on the consultation page itself: its form is the page's, and one form there is enough.
  const prerender = pathname !== useConsultation().to;
  const [modal, setModal] = React.useState<{ Modal?: Modal; failed?: boolean }>({});
  const [generation, setGeneration] = React.useState(0);
  const wasOpen = React.useRef(false);

  React.useEffect(() => {
    if (!prerender) return;
    return whenIdle(() => {
      loadConsultationModal().then(
        (Modal) => React.startTransition(() => setModal((now) => (now.Modal ? now : { Modal }))),
        () => undefined,
      );
    }, 5_000);
  }, [prerender]);

  React.useEffect(() => {
    if (!showModal || modal.Modal) return;
    let current = true;
    loadConsultationModal().then(
      (Modal) => current && setModal({ Modal }),
      () => current && setModal({ failed: true }),
    );
    return () => {
      current = false;
    };
  }, [showModal, modal.Modal]);

  React.useEffect(() => {
    if (wasOpen.current && !showModal) React.startTransition(() => setGeneration((n) => n + 1));
    wasOpen.current = showModal;
  }, [showModal]);

  if (!showModal && !modal.Modal) return null;
  if (modal.failed) return showModal ? <ToConsultationPage /> : null;
  const { Modal } = modal;
  return Modal ? (
    <ErrorBoundary fallback={showModal ? <ToConsultationPage /> : null} resetKeys={[generation]}>
      <Modal key={generation} open={showModal} />
    </ErrorBoundary>
  ) : null;
}
