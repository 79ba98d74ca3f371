import * as React from "react";
import styled from "styled-components";
import { Footer } from "../Footer";
import { useLayout } from "../../hooks/useLayout";
import { Navbar } from "../Navbar";
import { LazyConsultationModal } from "./Layout.ConsultationModal";

const SkipLink = styled.a`
  position: absolute;
  left: ${({ theme }) => theme.spacing(1)};
  top: -100px;
  z-index: 1000;
  padding: ${({ theme }) => theme.spacing(1.5, 2)};
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.white};
  border-radius: ${({ theme }) => theme.radius}px;
  &:focus {
    top: ${({ theme }) => theme.spacing(1)};
    color: ${({ theme }) => theme.colors.white};
  }
`;

export interface LayoutProps {
  pathname: string;
  solidNavbar: boolean;
  children: React.ReactNode;
}

/**
 * The shared layout: skip link, navbar, the page, footer and the consultation modal. No toast
 * area: toasts only come from the consultation form, and each place that shows the form renders
 * its own (the modal, /contact), so react-toastify is not loaded by pages without the form.
 */
export function Layout({ pathname, solidNavbar, children }: LayoutProps) {
  const { showModal } = useLayout();
  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <Navbar pathname={pathname} solidNavbar={solidNavbar} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      {showModal && <LazyConsultationModal />}
    </>
  );
}
