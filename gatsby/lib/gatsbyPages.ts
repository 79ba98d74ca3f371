/**
 * gatsby-adapter-netlify moves each page where the host serves it once the build is done
 * (public/about/index.html → public/about.html; gatsby/lib/pagePolicies.ts relies on it). A host's
 * build cache keeps public/ as it was before that move (the adapter saves it first), but a build in
 * the same folder (`npm start` again, the browser tests' build) finds the moved files. When Gatsby
 * then puts its scripts into every page again (its webpack hash changed: it did on the first warm
 * build after a cold one, and after a change to the build's own code), it opens
 * public/about/index.html and the build stops: "ENOENT ... public/about/index.html". Before the
 * build (gatsby/node/onPreBootstrap.ts), this puts each moved page back where Gatsby left it; the
 * adapter moves it again at the end.
 */
import fs from "node:fs";
import path from "node:path";

/** Folders of public/ that hold no page Gatsby wrote. */
const NOT_PAGES = new Set(["page-data", "static", "_gatsby", "~partytown", "admin", "pagefind", "og"]);

/**
 * Moves each page the adapter moved (`<path>.html`, for which Gatsby wrote page data and whose
 * `<path>/index.html` is missing) back to `<path>/index.html` (copies it, for a file that is also
 * a page of its own: /404.html). Returns the pages put back.
 */
export function restoreGatsbyPages(publicDir: string): string[] {
  if (!fs.existsSync(publicDir)) return [];
  const moved: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(publicDir, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === "" && NOT_PAGES.has(entry.name))) walk(rel);
        continue;
      }
      if (!entry.name.endsWith(".html") || entry.name === "index.html") continue;
      const page = rel.slice(0, -".html".length);
      const gatsbyFile = path.join(publicDir, page, "index.html");
      if (!fs.existsSync(path.join(publicDir, "page-data", page, "page-data.json"))) continue;
      if (fs.existsSync(gatsbyFile)) continue;
      fs.mkdirSync(path.dirname(gatsbyFile), { recursive: true });
      // /404.html is a page of its own: the adapter wrote /404's page over it, so both need it.
      const alsoAPage = fs.existsSync(path.join(publicDir, "page-data", rel, "page-data.json"));
      (alsoAPage ? fs.copyFileSync : fs.renameSync)(path.join(publicDir, rel), gatsbyFile);
      moved.push(`/${page.split(path.sep).join("/")}`);
    }
  };
  walk("");
  return moved;
}
