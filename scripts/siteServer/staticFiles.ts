import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { parse } from "@polka/url";
import sirv from "sirv";

/**
 * The site's files, served by `sirv` (the static file server of Vite's preview and SvelteKit):
 * in production mode it lists `public/` once at start and answers only with files of that list,
 * looked up by exact name, so no request path is ever joined onto the file system here and no
 * spelling of `..`, `%2F` or `\` can reach a file outside `public/`.
 *
 * On top of it, only what a Netlify deploy does and sirv does not:
 * - the host's own files (`_headers`, `_redirects`) are not served;
 * - canonical addresses for a build with `trailingSlash: "never"`: `/about/` redirects to
 *   `/about` (a page `about.html`) and `/admin` to `/admin/` (a folder with `index.html`), only
 *   for paths listed from `public/`, and never to anything but a path of this site;
 * - anything else is the site's 404 page, answered 404.
 */

/** What the CDN never serves: the host's configuration. */
const PRIVATE = new Set(["/_headers", "/_redirects"]);

/** A path of this site: one slash, then neither a slash nor a backslash (which browsers read as one). */
export const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\\\s]*$/;

/** Pages (`/about` for about.html) and folders with an index page (`/admin` for admin/index.html). */
export function canonicalPaths(publicDir: string): { pages: Set<string>; folders: Set<string> } {
  const pages = new Set<string>();
  const folders = new Set<string>();
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const relative = path
      .relative(publicDir, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join("/");
    const urlPath = `/${relative.replace(/\.html$/, "")}`;
    if (!SAME_ORIGIN_PATH.test(urlPath)) continue;
    if (urlPath.endsWith("/index")) folders.add(urlPath.slice(0, -"/index".length) || "/");
    else pages.add(urlPath);
  }
  return { pages, folders };
}

const decode = (pathname: string): string => {
  try {
    return decodeURI(pathname); // as sirv decodes it
  } catch {
    return pathname;
  }
};

/** The query string as sent, with anything a header may not carry percent-encoded. */
const safeSearch = (search: string): string =>
  search.replace(/[^\w\-.~!$&'()*+,;=:@/?%]/g, (c) => encodeURIComponent(c));

export type Responder = (
  res: http.ServerResponse,
  status: number,
  headers?: Record<string, string>,
  body?: Buffer | string,
) => void;

export function staticFiles(publicDir: string, respond: Responder) {
  const { pages, folders } = canonicalPaths(publicDir);
  const notFoundPage = path.join(publicDir, "404.html");
  const notFound = fs.existsSync(notFoundPage) ? fs.readFileSync(notFoundPage) : Buffer.from("Not found");
  const notFoundType = fs.existsSync(notFoundPage) ? "text/html; charset=utf-8" : "text/plain; charset=utf-8";
  const serve = sirv(publicDir, { dev: false, etag: true, extensions: ["html"], dotfiles: false });

  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const { pathname, search } = parse(req) ?? { pathname: "/", search: "" };
    const decoded = decode(pathname);
    const redirectTo = (location: string) => {
      if (!SAME_ORIGIN_PATH.test(location))
        return respond(res, 404, { "content-type": notFoundType }, notFound);
      respond(res, 301, { location: location + safeSearch(search) });
    };
    // sirv drops one trailing slash before its lookup: so does this check.
    const bare = decoded.length > 1 ? decoded.replace(/\/$/, "") : decoded;
    if (PRIVATE.has(bare)) return respond(res, 404, { "content-type": notFoundType }, notFound);
    if (decoded.length > 1 && decoded.endsWith("/") && pages.has(bare) && !folders.has(bare)) {
      return redirectTo(encodeURI(bare));
    }
    if (!decoded.endsWith("/") && folders.has(decoded) && !pages.has(decoded)) {
      return redirectTo(`${encodeURI(decoded)}/`);
    }
    // No range requests: nothing here needs them, and sirv would open a stream for any range given.
    delete req.headers.range;
    serve(req, res, () => respond(res, 404, { "content-type": notFoundType }, notFound));
  };
}
