/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inChromium } from "../lighthouse";

// Chromium keeps its profile's lock (`org.chromium.Chromium.*`) in the system's temporary folder,
// and a browser ended by chrome-launcher left it there: about 110 folders a benchmark.
test("the browser of a Lighthouse run leaves nothing in the system's temporary folder", async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-test-"));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const version = await inChromium([], async (port) => {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      return ((await response.json()) as { Browser: string }).Browser;
    });
    expect(version).toMatch(/Chrom/);
    expect(fs.readdirSync(tmp)).toEqual([]);
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}, 60_000);
