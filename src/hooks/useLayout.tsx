import * as React from "react";
import { PHONE_QUERY } from "../styles/constants";
import { useMediaQuery } from "./useMediaQuery";

export interface LayoutContextValue {
  showModal: boolean;
  setShowModal: (show: boolean) => void;
  /** True at viewport width 480px or narrower; false during the server render. */
  mobileSize: boolean;
}

const LayoutContext = React.createContext<LayoutContextValue | null>(null);
/**
 * The same facts apart, for the components that need one of them: opening the modal re-renders
 * what reads `showModal` (the modal's slot) and nothing else. Read through `useLayout`, the
 * navbar, the footer and every consultation button re-rendered each time the modal opened, which
 * on a phone's CPU took most of the time between the click and the dialog.
 */
interface ModalControls {
  setShowModal: (show: boolean) => void;
  prepareModal: () => void;
}
const ModalControlsContext = React.createContext<ModalControls | null>(null);
const MobileSizeContext = React.createContext<boolean | null>(null);

const nothing = () => undefined;

export function LayoutProvider({
  children,
  prepareModal = nothing,
}: {
  children: React.ReactNode;
  /** Starts loading the modal's code when a visitor shows they are about to open it. */
  prepareModal?: () => void;
}) {
  const [showModal, setShow] = React.useState(false);
  const mobileSize = useMediaQuery(PHONE_QUERY);
  const opener = React.useRef<HTMLElement | null>(null);

  const setShowModal = React.useCallback((show: boolean) => {
    if (show) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    } else {
      // The dialog is unmounted on close: give focus back to whatever opened it.
      const target = opener.current;
      opener.current = null;
      window.setTimeout(() => target?.focus(), 0);
    }
    setShow(show);
  }, []);

  const value = React.useMemo(
    () => ({ showModal, setShowModal, mobileSize }),
    [showModal, setShowModal, mobileSize],
  );
  const controls = React.useMemo(() => ({ setShowModal, prepareModal }), [setShowModal, prepareModal]);
  return (
    <LayoutContext.Provider value={value}>
      <ModalControlsContext.Provider value={controls}>
        <MobileSizeContext.Provider value={mobileSize}>{children}</MobileSizeContext.Provider>
      </ModalControlsContext.Provider>
    </LayoutContext.Provider>
  );
}

const OUTSIDE = "useLayout must be used within a LayoutProvider";

export function useLayout(): LayoutContextValue {
  const value = React.useContext(LayoutContext);
  if (!value) throw new Error(OUTSIDE);
  return value;
}

function useModalControls(): ModalControls {
  const value = React.useContext(ModalControlsContext);
  if (!value) throw new Error(OUTSIDE);
  return value;
}

/** The layout context's `setShowModal` alone (it never changes). */
export const useSetShowModal = (): ((show: boolean) => void) => useModalControls().setShowModal;

/**
 * Starts loading the modal's code (for a pointer over, a finger on or focus on a button that opens
 * it), so the click finds it loaded or on its way.
 */
export const usePrepareModal = (): (() => void) => useModalControls().prepareModal;

/** The layout context's `mobileSize` alone. */
export function useMobileSize(): boolean {
  const value = React.useContext(MobileSizeContext);
  if (value === null) throw new Error(OUTSIDE);
  return value;
}
