/**
 * What every preview template renders inside: the site's page furniture, set up in Decap's
 * preview iframe. Decap renders the preview with the admin window's React into the iframe's
 * document, so the styles must be written there: styled-components' StyleSheetManager targets
 * the iframe's <head>, and the site's global CSS goes there too. (Images are plain <picture>
 * elements, src/components/Picture, and need no stylesheet of their own.)
 */
import * as React from "react";
import { StaticQueryContext } from "gatsby";
import { ErrorBoundary } from "react-error-boundary";
import { StyleSheetManager, ThemeProvider } from "styled-components";
import { LayoutProvider } from "../../hooks/useLayout";
import { globalCss } from "../../styles/globalCss";
import { theme } from "../../styles/theme";
import type { SiteGraph } from "./siteGraph";

/** Writes the site's base CSS into the frame's <head> once, and marks the page as laid out. */
function useFrameDocument(frame: Document) {
  React.useLayoutEffect(() => {
    frame.documentElement.lang = "en";
    // What a built page sets once it has loaded (src/lib/deferredLayout.ts): nothing is held back.
    frame.documentElement.dataset.laidOut = "true";
    if (frame.head.querySelector("style[data-preview-base]")) return;
    const style = frame.createElement("style");
    style.dataset.previewBase = "";
    style.textContent = globalCss;
    frame.head.prepend(style);
  }, [frame]);
}

/**
 * The hooks that read content/ (useNavigation, useSiteSettings, ...) call Gatsby's
 * useStaticQuery, which looks its query's result up by id in this context. The preview answers
 * every id with the whole graph: each query reads only the fields it asked for.
 */
function staticQueryAnswers(data: unknown): Record<string, { data: unknown }> {
  return new Proxy({}, { get: () => ({ data }) });
}

/**
 * Links inside the preview go nowhere: it shows one page, and the admin is not the site (Gatsby's
 * Link would otherwise try to load the target page's data, and a plain link open a new tab).
 */
const stayOnPage = (event: React.MouseEvent) => {
  if ((event.target as Element).closest?.("a[href]")) event.preventDefault();
};

/** Gatsby's Link prefetches pages through the runtime's loader, which the admin does not have. */
function useNoPrefetch() {
  const w = window as unknown as { ___loader?: unknown };
  w.___loader ??= { enqueue: () => {}, hovering: () => {} };
}

function Failure({ error }: { error: unknown }) {
  return (
    <div role="alert" style={{ padding: 24, fontFamily: theme.fonts.body }}>
      <h2>The preview cannot show this entry yet</h2>
      <p>
        {error instanceof Error ? error.message : String(error)}. Keep editing: the preview comes back as soon
        as the entry can be shown. Saving is not affected.
      </p>
    </div>
  );
}

export interface PreviewFrameProps {
  /** The preview iframe's document (Decap passes it to preview templates). */
  document: Document;
  graph: SiteGraph;
  /** Changes whenever the entry does, so a preview that failed tries again as the editor types. */
  resetKey: unknown;
  children: React.ReactNode;
}

export function PreviewFrame({ document: frame, graph, resetKey, children }: PreviewFrameProps) {
  useFrameDocument(frame);
  useNoPrefetch();
  const answers = React.useMemo(() => staticQueryAnswers(graph.staticQueryData()), [graph]);
  return (
    <StyleSheetManager target={frame.head}>
      <ThemeProvider theme={theme}>
        <ErrorBoundary FallbackComponent={Failure} resetKeys={[resetKey]}>
          <StaticQueryContext.Provider value={answers}>
            <LayoutProvider>
              <div onClickCapture={stayOnPage}>{children}</div>
            </LayoutProvider>
          </StaticQueryContext.Provider>
        </ErrorBoundary>
      </ThemeProvider>
    </StyleSheetManager>
  );
}

/** Shown while the other entries (menus, related pages) load, and if they cannot. */
export function PreviewMessage({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" style={{ padding: 24, fontFamily: theme.fonts.body, color: theme.colors.muted }}>
      {children}
    </p>
  );
}
