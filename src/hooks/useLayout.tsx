import * as React from "react";
import { PHONE_QUERY } from "../styles/constants";

export interface LayoutContextValue {
  showModal: boolean;
  setShowModal: (show: boolean) => void;
  /** True at viewport width 480px or narrower; false during the server render and hydration. */
  mobileSize: boolean;
}

/**
 * The layout's shared state (the spec's layout context: showModal, setShowModal, mobileSize).
 * The provider's value never changes: it is a small store, and each reader subscribes to what it
 * reads (useSyncExternalStore). A provider value that changes is propagated through the whole
 * tree below it; the parts of the page React hydrates only when a visitor reaches them
 * (src/components/Deferred) would then be rendered afresh on the client instead, and a phone's
 * width, learnt right after hydration, would do that on every page (ADR 0017). Opening the modal
 * re-renders what reads `showModal` (the modal's slot) and nothing else.
 */
interface LayoutStore {
  getShowModal: () => boolean;
  setShowModal: (show: boolean) => void;
  subscribeModal: (listener: () => void) => () => void;
  prepareModal: () => void;
}

const LayoutContext = React.createContext<LayoutStore | null>(null);

const nothing = () => undefined;

function createLayoutStore(prepareModal: () => void): LayoutStore {
  let showModal = false;
  let opener: HTMLElement | null = null;
  const listeners = new Set<() => void>();
  return {
    getShowModal: () => showModal,
    setShowModal: (show) => {
      if (show) {
        opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      } else {
        // The dialog is unmounted on close: give focus back to whatever opened it.
        const target = opener;
        opener = null;
        window.setTimeout(() => target?.focus(), 0);
      }
      if (show === showModal) return;
      showModal = show;
      listeners.forEach((listener) => listener());
    },
    subscribeModal: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    prepareModal,
  };
}

export function LayoutProvider({
  children,
  prepareModal = nothing,
}: {
  children: React.ReactNode;
  /** Starts loading the modal's code when a visitor shows they are about to open it. */
  prepareModal?: () => void;
}) {
  const [store] = React.useState(() => createLayoutStore(prepareModal));
  return <LayoutContext.Provider value={store}>{children}</LayoutContext.Provider>;
}

const OUTSIDE = "useLayout must be used within a LayoutProvider";

function useLayoutStore(): LayoutStore {
  const value = React.useContext(LayoutContext);
  if (!value) throw new Error(OUTSIDE);
  return value;
}

const subscribePhone = (listener: () => void) => {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener("change", listener);
  return () => list.removeEventListener("change", listener);
};
const isPhone = () => window.matchMedia(PHONE_QUERY).matches;
const onServer = () => false;

/** The layout context's `mobileSize` alone. */
export const useMobileSize = (): boolean => React.useSyncExternalStore(subscribePhone, isPhone, onServer);

export function useLayout(): LayoutContextValue {
  const store = useLayoutStore();
  const showModal = React.useSyncExternalStore(store.subscribeModal, store.getShowModal, onServer);
  return { showModal, setShowModal: store.setShowModal, mobileSize: useMobileSize() };
}

/** The layout context's `setShowModal` alone (it never changes). */
export const useSetShowModal = (): ((show: boolean) => void) => useLayoutStore().setShowModal;

/**
 * Starts loading the modal's code (for a pointer over, a finger on or focus on a button that opens
 * it), so the click finds it loaded or on its way.
 */
export const usePrepareModal = (): (() => void) => useLayoutStore().prepareModal;
