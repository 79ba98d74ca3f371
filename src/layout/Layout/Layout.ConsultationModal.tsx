import * as React from "react";

// Its own chunk, named so the build's chunk map (public/chunk-map.json) can find it by name.
const ConsultationModal = React.lazy(
  () => import(/* webpackChunkName: "consultation-modal" */ "../ConsultationModal"),
);

/** The consultation modal, loaded when a visitor first opens it. */
export function LazyConsultationModal() {
  return (
    <React.Suspense fallback={null}>
      <ConsultationModal />
    </React.Suspense>
  );
}
