/** @jest-environment node */
import fs from "node:fs";
import { scratchDir } from "../../../test/scratchDir";
import path from "node:path";
import { restoreGatsbyPages } from "../gatsbyPages";

/** public/ as the adapter leaves it: pages at <path>.html, Gatsby's page data beside them. */
function adapted(): string {
  const dir = scratchDir("gatsby-pages");
  const files: Record<string, string> = {
    "index.html": "home",
    "about.html": "about",
    "works/page/2.html": "works page 2",
    "404.html": "not found",
    "~partytown/partytown-sandbox-sw.html": "sandbox",
    "google1234.html": "a verification file, no page",
    "services/ux.html": "ux",
    "services/ux/index.html": "ux, already where Gatsby wrote it",
  };
  for (const page of ["index", "about", "works/page/2", "404", "404.html", "services/ux"])
    files[`page-data/${page}/page-data.json`] = "{}";
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
const read = (dir: string, file: string) =>
  fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), "utf8") : undefined;

test("each page the adapter moved goes back to <path>/index.html before the next build; nothing else moves", () => {
  const dir = adapted();
  expect(restoreGatsbyPages(dir).sort()).toEqual(["/404", "/about", "/works/page/2"]);
  expect(read(dir, "about/index.html")).toBe("about");
  expect(read(dir, "about.html")).toBeUndefined();
  expect(read(dir, "works/page/2/index.html")).toBe("works page 2");
  // /404.html is a page too: it stays, and /404 gets its copy.
  expect(read(dir, "404/index.html")).toBe("not found");
  expect(read(dir, "404.html")).toBe("not found");
  expect(read(dir, "index.html")).toBe("home");
  expect(read(dir, "services/ux/index.html")).toBe("ux, already where Gatsby wrote it");
  expect(read(dir, "services/ux.html")).toBe("ux");
  expect(read(dir, "google1234.html")).toBe("a verification file, no page");
  expect(read(dir, "~partytown/partytown-sandbox-sw.html")).toBe("sandbox");
  // A second run finds nothing to do; a fresh checkout has no public/ at all.
  expect(restoreGatsbyPages(dir)).toEqual([]);
  expect(restoreGatsbyPages(path.join(dir, "missing"))).toEqual([]);
});
