import fs from "node:fs";
import path from "node:path";

/**
 * Where the browser engines other than Chromium (test/harness/chromium.ts) are found, for the key
 * journeys (e2e/engines/) and the preflight, which installs their Debian packages.
 */

/** Debian's Firefox ESR, driven over WebDriver BiDi. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/** WebKitGTK's WebDriver server (Debian's webkit2gtk-driver). */
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";

/**
 * WebKitGTK's MiniBrowser, the browser WebKitWebDriver starts (Debian's libwebkit2gtk-4.1-0 ships
 * it under the architecture's library folder, e.g. /usr/lib/x86_64-linux-gnu).
 */
export function miniBrowserPath(): string | undefined {
  if (process.env.MINIBROWSER_PATH) return process.env.MINIBROWSER_PATH;
  if (!fs.existsSync("/usr/lib")) return undefined;
  return fs
    .readdirSync("/usr/lib", { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join("/usr/lib", d.name, "webkit2gtk-4.1/MiniBrowser"))
    .find((file) => fs.existsSync(file));
}
