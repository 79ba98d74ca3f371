/**
 * The attribute the page's script starter (gatsby/lib/scriptsAfterFirstView.ts) sets on <html>
 * when a visitor reaches for the page (a key, a tap, a pointer down) before Gatsby's scripts have
 * run: the hydration gate (src/lib/hydrationGate.ts) then opens at once, so a part the visitor
 * already used (the phone menu opened by the browser before hydration) is hydrated with the page
 * instead of waiting for a second touch.
 */
export const USED_BEFORE_SCRIPTS_ATTRIBUTE = "data-used-before-scripts";
