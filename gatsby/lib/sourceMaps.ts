import fs from "node:fs/promises";
import path from "node:path";

/** A source map written beside a script or stylesheet (`app-1a2b.js.map`, `decap-cms-app.js.map`). */
const SOURCE_MAP_FILE = /\.(?:[cm]?js|css)\.map$/;
/** The comment that tells browsers' developer tools where a file's map is, on a line of its own. */
const SOURCE_MAP_COMMENT =
  /\n?(?:\/\/[#@]\s*sourceMappingURL=[^\n]*|\/\*[#@]\s*sourceMappingURL=[^*]*\*\/)\s*$/;

/**
 * Source maps are not published: they would hand anyone the site's original source. Our own
 * bundles are built without them (gatsby/node/onCreateWebpackConfig.ts, gatsby-config's CMS
 * options), but a plugin can still copy a prebuilt package's map into public/
 * (gatsby-plugin-decap-cms copies decap-cms-app.js.map). Removes every such map under `dir`,
 * and the `sourceMappingURL` comment at the end of a script or stylesheet, which would otherwise
 * point at a missing file. Returns what it removed and what it changed, relative to `dir`.
 */
export async function removeSourceMaps(dir: string): Promise<{ removed: string[]; stripped: string[] }> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  const removed: string[] = [];
  const stripped: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      if (SOURCE_MAP_FILE.test(file)) {
        await fs.rm(file);
        removed.push(path.relative(dir, file));
        return;
      }
      if (!/\.(?:[cm]?js|css)$/.test(file)) return;
      const text = await fs.readFile(file, "utf8");
      if (!SOURCE_MAP_COMMENT.test(text)) return;
      await fs.writeFile(file, text.replace(SOURCE_MAP_COMMENT, "\n"));
      stripped.push(path.relative(dir, file));
    }),
  );
  return { removed: removed.sort(), stripped: stripped.sort() };
}
