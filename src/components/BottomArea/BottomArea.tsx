import * as React from "react";
import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

/** The CSS variable on <html> that holds how much of the screen's bottom the area covers. */
export const BOTTOM_AREA_VAR = "--bottom-area";

const Area = styled.div.attrs({ "aria-live": "polite" })`
  position: fixed;
  z-index: 900;
  right: ${theme.spacing(1)};
  bottom: ${theme.spacing(1)};
  left: ${theme.spacing(1)};
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing(1)};
  pointer-events: none;
  & > * {
    pointer-events: auto;
  }
  ${media.up("sm")} {
    right: ${theme.spacing(2)};
    bottom: ${theme.spacing(2)};
    left: auto;
    width: 420px;
  }
`;

/**
 * The one fixed area at the bottom of the screen that the consent banner and the country-site
 * suggestion share (issue 16): they sit in its flow, so they never overlap, and being fixed it
 * never moves the page (no layout shift). It is in the static HTML and polite (aria-live), so
 * what appears in it later is announced without taking focus. Empty, it takes no room and lets
 * clicks through.
 *
 * While it shows something it must not hide the element that has focus (WCAG 2.2, 2.4.11): it
 * publishes the height it covers, from the screen's bottom edge to its top plus a gap, as
 * `--bottom-area` on <html>, where the global styles use it as the page's bottom scroll padding
 * (in-page links and scrollIntoView stop clear of it) and as extra room at the end of the page
 * (so the last links can scroll above it), and it scrolls an element that gets focus under it
 * clear of it. Nothing shown: the variable is removed.
 */
export function BottomArea({ children }: { children: React.ReactNode }) {
  const area = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const el = area.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const publish = () => {
      const { top, height } = el.getBoundingClientRect();
      if (height > 0) {
        const gap = parseFloat(getComputedStyle(el).rowGap) || 0;
        root.style.setProperty(BOTTOM_AREA_VAR, `${Math.ceil(window.innerHeight - top + gap)}px`);
      } else root.style.removeProperty(BOTTOM_AREA_VAR);
    };
    // The browser scrolls a focused element into view only when it is off the screen: one that is
    // on it but under the area stays there. Such an element is brought above the area (the
    // bottom scroll padding makes "nearest" mean "clear of the area").
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || el.contains(target) || target.closest("dialog[open]")) return;
      const areaTop = el.getBoundingClientRect().top;
      if (el.offsetHeight === 0) return;
      const box = target.getBoundingClientRect();
      if (box.bottom > areaTop && box.top < window.innerHeight) target.scrollIntoView({ block: "nearest" });
    };
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    window.addEventListener("resize", publish);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", publish);
      document.removeEventListener("focusin", onFocusIn);
      root.style.removeProperty(BOTTOM_AREA_VAR);
    };
  }, []);
  return <Area ref={area}>{children}</Area>;
}
