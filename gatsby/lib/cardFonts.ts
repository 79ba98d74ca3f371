import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The fonts the build draws text with (the social cards, and the case-study artwork of
 * `npm run images`): DejaVu Sans from the `dejavu-fonts-ttf` npm package (Bitstream Vera licence,
 * DejaVu changes in the public domain), never the machine's fonts, so every machine draws the
 * same pixels and none needs a font package installed.
 *
 * sharp draws SVG with librsvg, which finds fonts through fontconfig only: an `@font-face` with
 * the font as a data URL is ignored (measured with sharp 0.34.5, librsvg 2.61: the text came out
 * as empty boxes). So this writes a fontconfig file whose only folder is the package's, and
 * points `FONTCONFIG_FILE` at it. Fontconfig reads that variable once, the first time the process
 * lays out text, so call this before any SVG with text is drawn (the build's first text is the
 * social cards; a script that draws text calls this first, as `npm run images` does).
 */

/**
 * The folder of DejaVu's TrueType files in the project's node_modules. Resolved from the working
 * directory (the project, as for the rest of the build), not with `require.resolve`: Gatsby's
 * compiler (Parcel) turns that into `undefined` in gatsby-node's bundle.
 */
export const fontDir = (): string =>
  path.join(
    path.dirname(createRequire(path.resolve("package.json")).resolve("dejavu-fonts-ttf/package.json")),
    "ttf",
  );

/**
 * Writes (once per content) a fontconfig file that searches `folder` and nothing else: no
 * system folder, no user folder, no cache directory (one folder of TrueType files is scanned in
 * milliseconds). Returns its path.
 */
export function fontconfigFile(folder = fontDir()): string {
  const xml = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    "<!-- Written by gatsby/lib/cardFonts.ts: the build's text uses these fonts only. -->",
    "<fontconfig>",
    `  <dir>${folder.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</dir>`,
    "</fontconfig>",
    "",
  ].join("\n");
  const hash = createHash("sha256").update(xml).digest("hex").slice(0, 16);
  const file = path.join(os.tmpdir(), `copperline-fonts-${hash}.conf`);
  if (!fs.existsSync(file)) {
    // Written under a unique name, then renamed: parallel builds never read half a file.
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, xml);
    fs.renameSync(partial, file);
  }
  return file;
}

/** Makes this process draw text with the packaged fonts only (see the note at the top). */
export function selectPackagedFonts(): void {
  process.env.FONTCONFIG_FILE = fontconfigFile();
}
