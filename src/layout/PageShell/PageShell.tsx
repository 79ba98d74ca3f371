import * as React from "react";
import { ThemeProvider } from "styled-components";
import { isStandalonePath } from "../../../shared/routes";
import { Analytics } from "../../components/Analytics";
import { BottomArea } from "../../components/BottomArea";
import { CountrySuggestion } from "../../components/CountrySuggestion";
import { theme } from "../../styles/theme";
import { Layout, prepareConsultationModal } from "../Layout";
import { LayoutProvider } from "../../hooks/useLayout";

export interface PageShellProps {
  pathname: string;
  solidNavbar: boolean;
  children: React.ReactNode;
}

/**
 * Wraps every page (through wrapPageElement in gatsby-browser and gatsby-ssr). The theme lives
 * here, inside the styled-components plugin's style manager, so the components' CSS is in the
 * static HTML (the global base styles are plain CSS: src/styles/globalCss.ts). Every path but the
 * new home page gets the shared layout.
 */
export function PageShell({ pathname, solidNavbar, children }: PageShellProps) {
  return (
    <ThemeProvider theme={theme}>
      <LayoutProvider prepareModal={prepareConsultationModal}>
        {isStandalonePath(pathname) ? (
          children
        ) : (
          <Layout pathname={pathname} solidNavbar={solidNavbar}>
            {children}
          </Layout>
        )}
        {/* Every page, /new-home included: analytics with its consent banner, and the
            once-per-load country lookup, sharing one bottom area. */}
        <BottomArea>
          <Analytics />
          <CountrySuggestion pathname={pathname} />
        </BottomArea>
      </LayoutProvider>
    </ThemeProvider>
  );
}
