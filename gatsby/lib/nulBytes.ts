import fs from "node:fs/promises";
import path from "node:path";

/**
 * React 18's streaming renderer, which Gatsby 5 renders every page's body with
 * (renderToPipeableStream), encodes its output into 2 KB buffers. When a character of two or
 * more bytes in UTF-8 ("©", "—", "é") does not fit in what is left of a buffer, the buffer is
 * written out whole anyway, its unused last bytes still zero, and the character starts the next
 * one. The page then holds a NUL byte, which is not allowed in HTML (facebook/react#31134 and
 * #24985; fixed in React 19 only). The bytes are extra, so dropping them gives exactly the page
 * React meant to write.
 *
 * Removes every NUL byte from the HTML files under `dir` (pages and Gatsby's slices); returns
 * the files it changed, relative to `dir`.
 */
export async function stripNulBytes(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const fixed: string[] = [];
  await Promise.all(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const bytes = await fs.readFile(file);
        if (!bytes.includes(0)) return;
        await fs.writeFile(
          file,
          bytes.filter((byte) => byte !== 0),
        );
        fixed.push(path.relative(dir, file));
      }),
  );
  return fixed.sort();
}
