/**
 * Source maps are not published: they hand anyone the site's original source, comments and
 * file layout. Checked on the build the e2e run made (public/) and on what the server serves.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { baseUrl } from "./lib/browser";

const publicDir = path.resolve(__dirname, "../public");

/** Every file below public/, as a path relative to it with forward slashes. */
function publicFiles(dir = publicDir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return publicFiles(full);
    return [path.relative(publicDir, full).split(path.sep).join("/")];
  });
}

/** A `//# sourceMappingURL=` (or the old `//@`) comment, in JavaScript or CSS. */
const SOURCE_MAP_COMMENT = /[#@]\s*sourceMappingURL\s*=/;

const files = publicFiles();
const scripts = files.filter((f) => f.endsWith(".js"));

test("the build writes no source map into public/", () => {
  assert.ok(scripts.length > 20, `public/ holds a build (${scripts.length} scripts)`);
  assert.deepEqual(
    files.filter((f) => /\.map$/i.test(f)),
    [],
  );
});

test("no script or stylesheet in public/ points at a source map", () => {
  const referencing = files
    .filter((f) => /\.(m?js|css)$/.test(f))
    .filter((f) => SOURCE_MAP_COMMENT.test(fs.readFileSync(path.join(publicDir, f), "utf8")));
  assert.deepEqual(referencing, []);
});

test("every script the server serves comes without a source map reference, and no map is served", async () => {
  for (const file of scripts) {
    const response = await fetch(new URL(`/${file}`, baseUrl()));
    assert.equal(response.status, 200, file);
    assert.equal(response.headers.get("sourcemap"), null, `${file}: SourceMap header`);
    assert.equal(response.headers.get("x-sourcemap"), null, `${file}: X-SourceMap header`);
    assert.equal(SOURCE_MAP_COMMENT.test(await response.text()), false, `${file}: sourceMappingURL comment`);
    // Where a map would sit next to it, nothing is served.
    const map = await fetch(new URL(`/${file}.map`, baseUrl()));
    await map.arrayBuffer();
    assert.notEqual(map.status, 200, `/${file}.map is served`);
  }
});
