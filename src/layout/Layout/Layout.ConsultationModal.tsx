import * as React from "react";
import { navigate } from "gatsby";
import { ErrorBoundary } from "react-error-boundary";
import { useConsultation } from "../../hooks/useConsultation";
import { useLayout } from "../../hooks/useLayout";

// Its own chunk, named so the build's chunk map (public/chunk-map.json) can find it by name.
const ConsultationModal = React.lazy(
  () => import(/* webpackChunkName: "consultation-modal" */ "../ConsultationModal"),
);

/**
 * When the modal cannot load (a dropped connection, or a deploy removed its chunk), the visitor
 * goes to the consultation page instead, where the same form is part of the page: the button they
 * clicked is a link to it anyway.
 */
function ToConsultationPage() {
  const { setShowModal } = useLayout();
  const { to } = useConsultation();
  React.useEffect(() => {
    void navigate(to);
    setShowModal(false);
  }, [to, setShowModal]);
  return null;
}

/**
 * The consultation modal, loaded when a visitor first opens it. A failed load is caught here:
 * without the boundary, React would unmount the whole page and leave it blank.
 */
export function LazyConsultationModal() {
  return (
    <ErrorBoundary fallback={<ToConsultationPage />}>
      <React.Suspense fallback={null}>
        <ConsultationModal />
      </React.Suspense>
    </ErrorBoundary>
  );
}
