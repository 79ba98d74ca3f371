/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import * as React from "react";
import { renderToPipeableStream } from "react-dom/server";
import { stripNulBytes } from "../nulBytes";

/** Renders as Gatsby renders a page's body: React's streaming renderer, collected whole. */
function renderStreamed(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const out = new PassThrough();
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => {
        pipe(out);
        text(out).then(resolve, reject);
      },
      onError: reject,
    });
  });
}

/**
 * A "©" (two bytes in UTF-8) that falls on the last byte of one of React 18's 2 KB output
 * buffers: the renderer writes that buffer out with its last byte still zero. The page is padded
 * with small elements (each its own chunk of output) until that happens.
 */
async function pageWithNul(): Promise<string> {
  for (let count = 250; count < 320; count++) {
    for (let prefix = 0; prefix < 7; prefix++) {
      const html = await renderStreamed(
        React.createElement(
          "footer",
          null,
          React.createElement("p", null, "x".repeat(prefix)),
          Array.from({ length: count }, (_, i) => React.createElement("b", { key: i })),
          React.createElement("p", null, "© Copperline Labs"),
        ),
      );
      if (html.includes("\u0000")) return html;
    }
  }
  throw new Error("React's streaming renderer no longer writes NUL bytes: stripNulBytes may be removed");
}

test("React 18's streaming renderer writes a NUL byte before a character that straddles its buffer", async () => {
  expect(await pageWithNul()).toContain("\u0000©");
});

test("the built pages lose their NUL bytes and nothing else", async () => {
  const html = await pageWithNul();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nul-"));
  fs.mkdirSync(path.join(dir, "services"));
  fs.mkdirSync(path.join(dir, "page-data"));
  fs.writeFileSync(path.join(dir, "services/broken.html"), html);
  fs.writeFileSync(path.join(dir, "clean.html"), "<p>© clean</p>");
  fs.writeFileSync(path.join(dir, "page-data/data.bin"), "a\u0000b");
  try {
    expect(await stripNulBytes(dir)).toEqual(["services/broken.html"]);
    const fixed = fs.readFileSync(path.join(dir, "services/broken.html"), "utf8");
    expect(fixed).not.toContain("\u0000");
    expect(fixed).toBe(html.split("\u0000").join(""));
    expect(fixed).toContain("<p>© Copperline Labs</p>");
    expect(fs.readFileSync(path.join(dir, "clean.html"), "utf8")).toBe("<p>© clean</p>");
    // Only HTML is the renderer's output.
    expect(fs.readFileSync(path.join(dir, "page-data/data.bin"), "utf8")).toBe("a\u0000b");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
