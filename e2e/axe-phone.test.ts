import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, PHONE } from "./lib/browser";
import { allPaths, axeProblems, sweepPaths } from "./lib/axe";

after(closeBrowser);

// With axe-desktop.test.ts: every page at one width, each template and the 404 page at both.
test("axe: no violations (nor low contrast on gradients, duplicate ids or CSP violations) on each template, the 404 page and half of the other pages, at 375 wide", async () => {
  const paths = sweepPaths(1);
  assert.ok(allPaths().length >= 114, `expected the full site, got ${allPaths().length} paths`);
  assert.deepEqual(await axeProblems(PHONE, paths, { analytics: true }), []);
});
