/**
 * What each engine's run fails on, recorded by the page itself: an uncaught error, an unhandled
 * rejection, a Content-Security-Policy violation. WebKit over classic WebDriver has no console, so
 * every engine uses this same probe: a script that runs before the page's own (Chromium and Firefox
 * add it as an init script; the proxy the others go through serves it from the site's own origin,
 * as the first script of every page, which the site's policy allows as it allows its own files).
 * It keeps what it saw in sessionStorage, so the record survives the page's full loads; a check
 * reads it with `PROBLEMS`.
 *
 * A plain script in a string, not a function: the served file is this text, and no build step
 * (tsx's helpers) may reach into it. It also defines the one helper tsx's output calls in the
 * functions the tests run in the page (esbuild's keepNames wraps named functions in `__name`),
 * which no engine's driver could add otherwise under the site's policy (no string evaluation in
 * WebKit's WebDriver).
 */
export const PROBE_PATH = "/__e2e-probe.js";
const KEY = "__e2eProblems";

export const PROBE_JS = `(function () {
  if (window.__e2eProbe) return;
  window.__e2eProbe = true;
  window.__name = window.__name || function (fn) { return fn; };
  function note(text) {
    try {
      var list = JSON.parse(sessionStorage.getItem(${JSON.stringify(KEY)}) || "[]");
      list.push(location.pathname + ": " + text);
      sessionStorage.setItem(${JSON.stringify(KEY)}, JSON.stringify(list));
    } catch (e) {}
  }
  window.addEventListener("error", function (e) {
    note("uncaught error: " + e.message + " at " + e.filename + ":" + e.lineno);
  });
  window.addEventListener("unhandledrejection", function (e) {
    var r = e.reason;
    note("unhandled rejection: " + (r && r.stack ? r.stack.split("\\n")[0] : String(r)));
  });
  document.addEventListener("securitypolicyviolation", function (e) {
    note("CSP: " + e.effectiveDirective + " blocked " + (e.blockedURI || "(inline)") + " at " + e.sourceFile + ":" + e.lineNumber);
  });
})();
`;

/** Reads (in the page) what the probe has recorded in this tab so far. */
export const PROBLEMS = (key: string): string[] => JSON.parse(sessionStorage.getItem(key) ?? "[]");
export const PROBLEMS_KEY = KEY;
