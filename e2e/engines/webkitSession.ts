import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { miniBrowserPath, WEBKIT_DRIVER_PATH } from "../../test/harness/engines";
import { freePort, waitForUrl } from "../../test/harness/server";

/**
 * WebKitGTK's WebDriver server with a display of its own: Xvfb (on a display number it picks
 * itself, `-displayfd`) and WebKitWebDriver, which starts MiniBrowser there for each session.
 *
 * MiniBrowser's window will not go below 447 px wide by itself (nor below 334 px in full-screen):
 * its hidden toolbar's buttons and address entry keep their padding. A GTK stylesheet that takes
 * that padding away (below) lets WebDriver's Set Window Rect size it to any phone width, 320 px
 * included, so one window serves every viewport and needs no window manager. The same GTK settings
 * turn animations off, which WebKitGTK reports to pages as `prefers-reduced-motion: reduce` (as the
 * other engines' tests ask for it).
 */
const GTK_CSS = "button, entry { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n";
const GTK_SETTINGS = "[Settings]\ngtk-enable-animations=false\n";

export interface WebKitDriverServer {
  port: number;
  miniBrowser: string;
  stop(): Promise<void>;
}

/** The child ended: asked with SIGTERM, made with SIGKILL if it has not ended 5 s later. */
const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      });

export async function startWebKitDriver(): Promise<WebKitDriverServer> {
  const miniBrowser = miniBrowserPath();
  if (!miniBrowser) throw new Error("no MiniBrowser: install libwebkit2gtk-4.1-0 (npm run preflight)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-webkit-"));
  fs.mkdirSync(path.join(dir, "config/gtk-3.0"), { recursive: true });
  fs.writeFileSync(path.join(dir, "config/gtk-3.0/gtk.css"), GTK_CSS);
  fs.writeFileSync(path.join(dir, "config/gtk-3.0/settings.ini"), GTK_SETTINGS);

  // A screen larger than any viewport the tests ask for, window toolbar included.
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let said = "";
    (xvfb.stdio[3] as NodeJS.ReadableStream).on("data", (d) => {
      said += d;
      if (said.includes("\n")) resolve(`:${said.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited (${code})`)));
  });

  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, "--host=local"], {
    env: {
      ...process.env,
      DISPLAY: display,
      XDG_CONFIG_HOME: path.join(dir, "config"),
      XDG_CACHE_HOME: path.join(dir, "cache"),
      XDG_DATA_HOME: path.join(dir, "data"),
    },
    stdio: "ignore",
  });
  await waitForUrl(`http://127.0.0.1:${port}/status`, 10_000);
  return {
    port,
    miniBrowser,
    stop: async () => {
      await stopped(driver);
      await stopped(xvfb);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
