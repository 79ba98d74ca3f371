import assert from "node:assert/strict";
import { after, test } from "node:test";
import { closeBrowser, PHONE } from "./lib/browser";
import { allPaths, axeProblems } from "./lib/axe";

after(closeBrowser);

test("axe: no violations (nor low contrast on gradients, nor duplicate ids) on any route or the 404 page, at 375 wide", async () => {
  const paths = allPaths();
  assert.ok(paths.length >= 114, `expected the full site, got ${paths.length} paths`);
  assert.deepEqual(await axeProblems(PHONE, paths), []);
});
