/**
 * The web CMS against a local decap-server, for the browser tests. The server serves a throwaway
 * copy of content/ on a free port: in file mode (edits go straight into the files), or in git
 * mode (a repository whose main branch holds the copy; each draft is a branch of it, as a draft
 * is a branch and a pull request on GitHub).
 *
 * The admin's production policy (gatsby/lib/headers.ts) allows no local server: decap-server is
 * for `gatsby develop`, which sends no policy. Decap calls http://localhost:8081/api/v1 when the
 * admin is opened on localhost, so `openAdmin` adds exactly that address to the policy's
 * connect-src (every other directive is the production one) and sends the calls on to the
 * server started here.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { APIResponse, FrameLocator, Page, Route } from "playwright-core";
import { freePort, waitForUrl } from "../../test/harness/server";
import { after, before } from "node:test";
import { baseUrl, closeBrowser } from "./browser";

/** Where Decap looks for decap-server (`local_backend: true`). */
export const DECAP_LOCAL_API = "http://localhost:8081/api/v1";

export interface LocalBackend {
  /** The folder the server reads and writes (its content/ is a copy of the project's). */
  repo: string;
  apiUrl: string;
  stop: () => Promise<void>;
}

/** Runs git in `repo` and gives its output (a fixed identity: the machine may have none). */
export function git(repo: string, ...args: string[]): string {
  return execFileSync(
    "git",
    ["-c", "user.name=Test Editor", "-c", "user.email=editor@copperline.example", ...args],
    {
      cwd: repo,
      encoding: "utf8",
    },
  );
}

export async function startLocalBackend(mode: "fs" | "git" = "fs"): Promise<LocalBackend> {
  const repo = fs.mkdtempSync(path.join(os.tmpdir(), `cms-${mode}-`));
  fs.cpSync(path.resolve("content"), path.join(repo, "content"), { recursive: true });
  if (mode === "git") {
    git(repo, "init", "--quiet", "--initial-branch=main");
    git(repo, "add", "content");
    git(repo, "commit", "--quiet", "-m", "content");
  }
  const port = await freePort();
  let log = "";
  const server: ChildProcess = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      BIND_HOST: "127.0.0.1",
      GIT_REPO_DIRECTORY: repo,
      MODE: mode,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (log += d));
  server.stderr?.on("data", (d) => (log += d));
  try {
    await waitForUrl(`http://127.0.0.1:${port}/`, 30_000);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return {
    repo,
    apiUrl: `http://127.0.0.1:${port}/api/v1`,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once("exit", r));
        server.kill();
        await exited;
      }
      fs.rmSync(repo, { recursive: true, force: true });
    },
  };
}

/**
 * A local backend for the calling test file (or describe block): started before its tests,
 * stopped after them with the browser. The returned function gives the running backend.
 */
export function localBackendForTests(mode: "fs" | "git" = "fs"): () => LocalBackend {
  let backend: LocalBackend | undefined;
  before(async () => {
    backend = await startLocalBackend(mode);
  });
  after(async () => {
    await backend?.stop();
    await closeBrowser();
  });
  return () => {
    if (!backend) throw new Error("the local CMS backend has not started");
    return backend;
  };
}

/** A policy with one more source in one directive. */
export function withSource(policy: string, directive: string, source: string): string {
  return policy
    .split("; ")
    .map((d) => (d.split(" ")[0] === directive ? `${d} ${source}` : d))
    .join("; ");
}

/** A policy without one source in one directive. */
export function withoutSource(policy: string, directive: string, source: string): string {
  return policy
    .split("; ")
    .map((d) =>
      d.split(" ")[0] === directive
        ? d
            .split(" ")
            .filter((v) => v !== source)
            .join(" ")
        : d,
    )
    .join("; ");
}

export interface AdminSession {
  /**
   * Content-Security-Policy violations so far, in any frame (the preview's included): each
   * `securitypolicyviolation` event ("<directive> <blocked URI>") and each console report.
   */
  violations: string[];
  /** The policy /admin/ was served with. */
  policy: () => string;
  /** Each image the admin asked the backend for: its path, when it was asked and answered (ms). */
  images: { path: string; asked: number; answered?: number }[];
  /** Lets the images held back (`holdImages`) go on to the backend, and any asked for later. */
  releaseImages: () => void;
}

export interface AdminOptions {
  /** Signs in (the local backend has no password); false stops at the sign-in page. */
  login?: boolean;
  /**
   * Holds back each image the backend serves (decap-server's getMediaFile) until the test calls
   * `releaseImages()`, as a slow host does (on GitHub each image is an API request of its own).
   * A hold rather than a fixed delay: on a busy host the entry took longer to open than any delay.
   */
  holdImages?: boolean;
}

/**
 * Answers a route unless the test has closed the page meanwhile (the preview still asking for an
 * image as a test ends): Playwright reports a route handler's error after that as unhandled, and
 * the whole test file fails though every test in it passed. Closing the context resets the
 * fetch under way (`read ECONNRESET`) before the page reports itself closed (a fresh-clone run
 * failed so), so an error counts only if the page is still open a moment later.
 */
async function whileOpen(page: Page, answer: () => Promise<unknown>): Promise<void> {
  try {
    await answer();
  } catch (error) {
    if (page.isClosed() || /has been closed/.test(String(error))) return;
    const closing = await page.waitForEvent("close", { timeout: 2_000 }).then(
      () => true,
      () => page.isClosed(),
    );
    if (!closing) throw error;
  }
}

/**
 * `route.fetch`, once more when the connection was reset before an answer (`socket hang up`,
 * `ECONNRESET`): a keep-alive socket the local server closed just as the request went out on it. A
 * fresh-clone run failed so on an image's read (2026-12-02), the page still open. Both requests
 * sent this way only read.
 */
async function fetchAgainIfReset(route: Route, options?: { url?: string }): Promise<APIResponse> {
  try {
    return await route.fetch(options);
  } catch (error) {
    if (!/socket hang up|ECONNRESET/.test(String(error))) throw error;
    return route.fetch(options);
  }
}

/**
 * Opens /admin/ talking to `backend`, under the production policy plus the local server's
 * address (or whatever `adjust` makes of that), and signs in unless told not to (the local
 * backend has no password).
 */
export async function openAdmin(
  page: Page,
  backend: LocalBackend,
  adjust: (policy: string) => string = (p) => p,
  { login = true, holdImages = false }: AdminOptions = {},
): Promise<AdminSession> {
  let served = "";
  const violations: string[] = [];
  const images: AdminSession["images"] = [];
  let releaseImages = () => {};
  const released = holdImages ? new Promise<void>((resolve) => (releaseImages = resolve)) : Promise.resolve();
  await page.exposeBinding("__cspViolation", (_source, violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI}`,
      ),
    );
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.route(DECAP_LOCAL_API, (route) =>
    whileOpen(page, async () => {
      const call = route.request().postDataJSON() as { action?: string; params?: { path?: string } } | null;
      if (call?.action !== "getMediaFile") return route.continue({ url: backend.apiUrl });
      const image: AdminSession["images"][number] = { path: String(call.params?.path), asked: Date.now() };
      images.push(image);
      await released;
      const response = await fetchAgainIfReset(route, { url: backend.apiUrl });
      image.answered = Date.now();
      await route.fulfill({ response });
    }),
  );
  await page.route(
    (url) => url.pathname === "/admin/",
    (route) =>
      whileOpen(page, async () => {
        const response = await fetchAgainIfReset(route);
        const headers = { ...response.headers() };
        served = adjust(
          withSource(headers["content-security-policy"], "connect-src", "http://localhost:8081"),
        );
        headers["content-security-policy"] = served;
        await route.fulfill({ response, headers });
      }),
  );
  // A document answered by the test (route.fulfill) has no network address of its own, so
  // Chromium's Local Network Access check treats its calls to localhost as coming from outside;
  // the admin served by `gatsby develop` on localhost is loopback itself and is never asked.
  await page.context().grantPermissions(["local-network-access"], { origin: baseUrl() });
  await page.goto("/admin/", { waitUntil: "domcontentloaded" });
  if (login) await page.getByRole("button", { name: "Login", exact: true }).click();
  return { violations, policy: () => served, images, releaseImages };
}

/** Decap's preview pane: the iframe the preview templates render into. */
export const previewFrame = (page: Page): FrameLocator => page.frameLocator("#preview-pane");

/** Opens a collection from the admin's sidebar and an entry of it by its summary text. */
export async function openEntry(page: Page, collection: string | RegExp, entry: string | RegExp) {
  await page.getByRole("link", { name: collection }).first().click();
  await page.getByText(entry).first().click();
}
