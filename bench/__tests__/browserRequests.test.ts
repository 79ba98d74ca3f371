/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { browserOwnPaths, withoutBrowserOwnRequests, type DevtoolsEvent } from "../browserRequests";

test("the favicon, the manifest and the manifest's icons are the browser's own requests; the page's are not", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-requests-"));
  try {
    fs.writeFileSync(
      path.join(dir, "index.html"),
      '<html><head><link rel="icon" href="/favicon-32x32.png" type="image/png"/><link rel="manifest" href="/manifest.webmanifest" crossorigin="anonymous"/><link rel="apple-touch-icon" href="/icons/icon-192x192.png"/><link rel="preload" href="/hero.webp" as="image"/></head></html>',
    );
    fs.writeFileSync(
      path.join(dir, "manifest.webmanifest"),
      JSON.stringify({ icons: [{ src: "icons/icon-48x48.png" }, { src: "/icons/icon-144x144.png" }] }),
    );
    expect([...browserOwnPaths(dir)].sort()).toEqual([
      "/favicon-32x32.png",
      "/icons/icon-144x144.png",
      "/icons/icon-48x48.png",
      "/manifest.webmanifest",
    ]);
    // A site without them (the bare Gatsby page): none.
    fs.mkdirSync(path.join(dir, "bare"));
    fs.writeFileSync(path.join(dir, "bare", "index.html"), "<html><head></head></html>");
    expect(browserOwnPaths(path.join(dir, "bare")).size).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true });
  }
});

test("a run's log loses those requests only (every event of theirs), and their bytes are returned", () => {
  const origin = "http://127.0.0.1:4000";
  const request = (id: string, url: string, bytes: number): DevtoolsEvent[] => [
    { method: "Network.requestWillBeSent", params: { requestId: id, request: { url } } },
    { method: "Network.responseReceived", params: { requestId: id } },
    { method: "Network.loadingFinished", params: { requestId: id, encodedDataLength: bytes } },
  ];
  const log = [
    ...request("1", `${origin}/about`, 11_000),
    ...request("2", `${origin}/favicon-32x32.png`, 1_176),
    ...request("3", `${origin}/icons/icons.svg`, 3_699),
    ...request("4", `${origin}/manifest.webmanifest`, 641),
    // Another origin's file of the same name is not the site's favicon.
    ...request("5", "https://elsewhere.example/favicon-32x32.png", 900),
    { method: "Page.loadEventFired", params: {} },
  ];
  const { log: kept, bytes } = withoutBrowserOwnRequests(
    log,
    origin,
    new Set(["/favicon-32x32.png", "/manifest.webmanifest"]),
  );
  expect(bytes).toBe(1_176 + 641);
  expect(
    kept.filter((e) => e.method === "Network.requestWillBeSent").map((e) => e.params?.request?.url),
  ).toEqual([`${origin}/about`, `${origin}/icons/icons.svg`, "https://elsewhere.example/favicon-32x32.png"]);
  expect(kept.some((e) => e.params?.requestId === "2" || e.params?.requestId === "4")).toBe(false);
  expect(kept.at(-1)?.method).toBe("Page.loadEventFired");
});
