/** @jest-environment node */
import fs from "node:fs";
import { scratchDir } from "../../../test/scratchDir";
import path from "node:path";
import { buildCodeVersion, DigestCache } from "../buildCache";

/** A project folder with a lock file and one source file of the build. */
function project(): string {
  const root = scratchDir("build-cache");
  fs.writeFileSync(path.join(root, "package-lock.json"), "{}");
  for (const dir of ["gatsby/lib", "shared", "schemas"])
    fs.mkdirSync(path.join(root, dir), { recursive: true });
  fs.writeFileSync(path.join(root, "gatsby/lib/step.ts"), "export const step = 1;");
  return root;
}

test("what a step made of an input is used again by the next build, and made again when the input changes", () => {
  const root = project();
  const make = jest.fn((input: string) => input.toUpperCase());
  const first = DigestCache.at<string>("step", "1", root);
  expect(first.get("about", () => make("about"))).toBe("ABOUT");
  expect(first.get("works", () => make("works"))).toBe("WORKS");
  first.save();

  const next = DigestCache.at<string>("step", "1", root);
  expect(next.get("about", () => make("about"))).toBe("ABOUT");
  expect(next.get("works, edited", () => make("works, edited"))).toBe("WORKS, EDITED");
  expect(make.mock.calls.map(([i]) => i)).toEqual(["about", "works", "works, edited"]);
  expect([next.hits, next.misses]).toEqual([1, 1]);
  next.save();

  // What the last build did not use is dropped: "works" is made again.
  const third = DigestCache.at<string>("step", "1", root);
  expect(third.lookup("works")).toBeUndefined();
  expect(third.lookup("about")).toBe("ABOUT");
});

test("another version of the step, of the build's code or of the installed packages makes everything again", () => {
  const root = project();
  const saved = DigestCache.at<string>("step", "1", root);
  saved.store("about", "ABOUT");
  saved.save();
  expect(DigestCache.at<string>("step", "2", root).lookup("about")).toBeUndefined();

  const before = buildCodeVersion(root);
  const other = project();
  fs.writeFileSync(path.join(other, "gatsby/lib/step.ts"), "export const step = 2;");
  expect(buildCodeVersion(other)).not.toBe(before);
  const lock = project();
  fs.writeFileSync(path.join(lock, "package-lock.json"), '{"lockfileVersion":3}');
  expect(buildCodeVersion(lock)).not.toBe(before);
  expect(buildCodeVersion(project())).toBe(before);
});

test("a damaged cache file is no cache", () => {
  const root = project();
  fs.mkdirSync(path.join(root, ".cache/copperline"), { recursive: true });
  fs.writeFileSync(path.join(root, ".cache/copperline/step.json"), "{not json");
  const cache = DigestCache.at<string>("step", "1", root);
  expect(cache.get("about", () => "ABOUT")).toBe("ABOUT");
  expect(cache.misses).toBe(1);
});
