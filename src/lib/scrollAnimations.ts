import { PHONE_QUERY, SCROLL_ANIMATION_MS } from "../styles/constants";

/**
 * AOS scroll animations (spec: run once the page has loaded, 1000 ms, disabled on phones).
 * Also disabled when the visitor prefers reduced motion. AOS's stylesheet hides every
 * [data-aos] element until it animates, so wherever animations are off the attributes are
 * removed, including from content that arrives after a client-side navigation.
 */
type Aos = typeof import("aos");

let aos: Aos | undefined;

export const animationsDisabled = (): boolean =>
  window.matchMedia(PHONE_QUERY).matches || window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function stripAttributes() {
  document.querySelectorAll("[data-aos]").forEach((el) => el.removeAttribute("data-aos"));
}

export function initScrollAnimations(): void {
  const start = async () => {
    if (animationsDisabled()) {
      stripAttributes();
      return;
    }
    const [{ default: AOS }] = await Promise.all([import("aos"), import("aos/dist/aos.css")]);
    aos = AOS;
    AOS.init({ once: true, duration: SCROLL_ANIMATION_MS, disable: animationsDisabled });
  };
  if (document.readyState === "complete") void start();
  else window.addEventListener("load", () => void start(), { once: true });
}

export function onScrollAnimationsRouteUpdate(): void {
  if (animationsDisabled() || !aos) {
    // Before AOS has started, or where it never will, nothing may stay hidden.
    if (animationsDisabled()) stripAttributes();
    return;
  }
  aos.refreshHard();
}
