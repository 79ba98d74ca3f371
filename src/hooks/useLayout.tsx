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

export function LayoutProvider({ children }: { children: React.ReactNode }) {
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
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutContextValue {
  const value = React.useContext(LayoutContext);
  if (!value) throw new Error("useLayout must be used within a LayoutProvider");
  return value;
}
