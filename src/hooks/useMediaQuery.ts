import * as React from "react";

/** Whether a media query matches; false during the server render and the first client render. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = React.useState(false);
  React.useEffect(() => {
    const list = window.matchMedia(query);
    // A transition: on a phone the first sync re-renders the footer right after hydration, and a
    // transition lets React do that in slices instead of one long task.
    const update = () => React.startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
