import * as React from "react";
import styled from "styled-components";
import { ConsultationForm } from "../../components/ConsultationForm";
import { useDialogFocusTrap } from "../../hooks/useDialogFocusTrap";
import { useSiteSettings } from "../../hooks/useSiteSettings";
import { telHref } from "../../lib/phone";
import { useSetShowModal } from "../../hooks/useLayout";
import { DIALOG_TOASTS, Toasts } from "../Toasts";
import { CloseIcon } from "../../components/Icon";
import { dialogCloseButton, modalSurface } from "../../styles/controls";
import { theme } from "../../styles/theme";

const Dialog = styled.dialog`
  /* Wide enough for the form's two columns. */
  width: min(760px, calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  padding: ${theme.spacing(4)};
  ${modalSurface}
`;

const Close = styled.button`
  ${dialogCloseButton}
`;

/**
 * The consultation dialog with the consultation form, rendered closed once the page is idle and
 * opened by `open` (src/layout/Layout). A native modal <dialog>: focus stays inside, the page
 * behind is inert, Escape and the Close button close it, and the layout returns focus to the
 * button that opened it.
 */
export default function ConsultationModal({ open }: { open: boolean }) {
  const setShowModal = useSetShowModal();
  const site = useSiteSettings();
  const dialog = React.useRef<HTMLDialogElement>(null);
  useDialogFocusTrap(dialog);

  // Opened in the commit that sets `open`: the first frame after the click shows the dialog.
  React.useLayoutEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  React.useEffect(() => () => dialog.current?.close(), []);

  // What the dialog holds does not depend on `open`: the same element, so opening renders the
  // dialog's shell only, not the form again. (It did not move the bench's figure beyond its noise:
  // the click's time is the browser's style and layout of the dialog, bench/findings.md.)
  const content = React.useMemo(
    () => (
      <>
        <Close type="button" aria-label="Close" onClick={() => dialog.current?.close()}>
          <CloseIcon />
        </Close>
        <h2 id="consultation-title">Book a free consultation</h2>
        <p>
          Thirty minutes with a senior engineer: tell us what you want to build and leave with a view of
          scope, risks and a realistic timeline.
        </p>
        <p>
          Prefer to talk? Call <a href={telHref(site.phone)}>{site.phone}</a> or email{" "}
          <a href={`mailto:${site.email}`}>{site.email}</a>.
        </p>
        <ConsultationForm headingLevel={3} toastContainerId={DIALOG_TOASTS} />
      </>
    ),
    [site.phone, site.email],
  );

  return (
    <Dialog ref={dialog} aria-labelledby="consultation-title" onClose={() => setShowModal(false)}>
      {content}
      {/* Its toast area exists while it is open (react-toastify is fetched then, at idle). */}
      {open && <Toasts containerId={DIALOG_TOASTS} />}
    </Dialog>
  );
}
