import * as React from "react";
import styled from "styled-components";
import { Footer } from "../Footer";
import { Navbar } from "../Navbar";
import { Toasts } from "../Toasts";
import { ConsultationModalSlot } from "./Layout.ConsultationModal";
import { theme } from "../../styles/theme";

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.spacing(1)};
  top: -100px;
  z-index: 1000;
  padding: ${theme.spacing(1.5, 2)};
  background: ${theme.colors.ink};
  color: ${theme.colors.white};
  border-radius: ${theme.radius}px;
  &:focus {
    top: ${theme.spacing(1)};
    color: ${theme.colors.white};
  }
`;

export interface LayoutProps {
  pathname: string;
  solidNavbar: boolean;
  children: React.ReactNode;
}

/**
 * The shared layout (spec: navigation bar, footer, toast area): skip link, navbar, the page,
 * footer, the page's toast area and the consultation modal. The toast area is an empty live
 * region in the static HTML; react-toastify loads the first time a toast is shown (src/layout/Toasts).
 */
export function Layout({ pathname, solidNavbar, children }: LayoutProps) {
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Navbar pathname={pathname} solidNavbar={solidNavbar} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <Toasts />
      <ConsultationModalSlot pathname={pathname} />
    </>
  );
}
