import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import { parse } from "@polka/url";
import { contentType } from "../contentTypes";

/**
 * The site's files. `public/` is listed (by site.ts, again whenever the build changes) and a
 * request is answered only with a file of that list, looked up by exact name, so no request path
 * is ever joined onto the file system here and no spelling of `..`, `%2F` or `\` can reach a file
 * outside `public/`. (sirv, used before, lists the same way but keeps each file's size from the
 * start and leaves its read stream's errors unhandled: a file removed under it ended the process.)
 *
 * A file is opened first and its size read from the open file, so a file removed since the
 * listing is a 404 and a replaced one is served whole, as it is now. On top of that, only what a
 * Netlify deploy does:
 * - the host's own files (`_headers`, `_redirects`) are not served;
 * - canonical addresses for a build with `trailingSlash: "never"`: `/about/` redirects to `/about`
 *   (a page `about.html`) and `/admin` to `/admin/` (a folder with `index.html`), only for paths
 *   listed from `public/`, and never to anything but a path of this site;
 * - anything else is the site's 404 page, answered 404.
 */

/** What the CDN never serves: the host's configuration. */
const PRIVATE = new Set(["/_headers", "/_redirects"]);

/** A path of this site: one slash, then neither a slash nor a backslash (which browsers read as one). */
export const SAME_ORIGIN_PATH = /^\/(?![/\\])[^\\\s]*$/;

/** A dot file or folder (`/.git/x`, `/a/.env`): never listed, as no CDN serves them. */
const DOT_PATH = /(^|\/)\.(?!well-known\/)/;

export interface Listing {
  /** URL path (`/about.html`) → the file. */
  files: Map<string, string>;
  /** Pages (`/about` for about.html) and folders with an index page (`/admin` for admin/index.html). */
  pages: Set<string>;
  folders: Set<string>;
}

export function listFiles(publicDir: string): Listing {
  const files = new Map<string, string>();
  const pages = new Set<string>();
  const folders = new Set<string>();
  for (const entry of fs.readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const urlPath = `/${path.relative(publicDir, file).split(path.sep).join("/").normalize()}`;
    if (PRIVATE.has(urlPath) || DOT_PATH.test(urlPath)) continue;
    files.set(urlPath, file);
    if (!urlPath.endsWith(".html") || !SAME_ORIGIN_PATH.test(urlPath)) continue;
    const page = urlPath.slice(0, -".html".length);
    if (page.endsWith("/index")) folders.add(page.slice(0, -"/index".length) || "/");
    else pages.add(page);
  }
  return { files, pages, folders };
}

const decode = (pathname: string): string => {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
};

/** The file a decoded path is answered with: itself, then `<path>.html`, then `<path>/index.html`. */
export function lookup({ files }: Listing, decoded: string): string | undefined {
  const bare = decoded.length > 1 ? decoded.replace(/\/$/, "") : "";
  const candidates = bare ? [bare, `${bare}.html`, `${bare}/index.html`] : ["/index.html"];
  for (const candidate of candidates) {
    const file = files.get(candidate);
    if (file) return file;
  }
  return undefined;
}

/** The query string as sent, with anything a header may not carry percent-encoded. */
const safeSearch = (search: string): string =>
  search.replace(/[^\w\-.~!$&'()*+,;=:@/?%]/g, (c) => encodeURIComponent(c));

export type Responder = (
  res: http.ServerResponse,
  status: number,
  headers?: Record<string, string>,
  body?: Buffer | string,
) => void;

/**
 * Sends one file, opened before anything is answered; `onMissing` when it is gone. A weak ETag
 * from its size and time lets a browser revalidate (304).
 */
export async function sendFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: string,
  onMissing: () => void,
): Promise<void> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch {
    return onMissing();
  }
  const stats = await handle.stat().catch(() => undefined);
  if (!stats?.isFile()) {
    await handle.close();
    return onMissing();
  }
  const etag = `W/"${stats.size}-${stats.mtime.getTime()}"`;
  if (req.headers["if-none-match"] === etag) {
    await handle.close();
    res.writeHead(304, { etag });
    return void res.end();
  }
  res.writeHead(200, {
    "content-type": contentType(path.extname(file)),
    "content-length": String(stats.size),
    "last-modified": stats.mtime.toUTCString(),
    etag,
  });
  if (req.method === "HEAD") {
    await handle.close();
    return void res.end();
  }
  // A client that goes away closes the file too.
  pipeline(handle.createReadStream(), res, () => undefined);
}

/** The handler for GET and HEAD of files, over the listing `current()` gives when asked. */
export function staticFiles(
  current: () => Listing,
  notFound: () => void | Promise<void>,
  respond: Responder,
) {
  return (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | void => {
    const listing = current();
    const { pathname, search } = parse(req) ?? { pathname: "/", search: "" };
    const decoded = decode(pathname);
    const redirectTo = (location: string) => {
      if (!SAME_ORIGIN_PATH.test(location)) return notFound();
      respond(res, 301, { location: location + safeSearch(search) });
    };
    const bare = decoded.length > 1 ? decoded.replace(/\/$/, "") : decoded;
    const { pages, folders } = listing;
    if (decoded.length > 1 && decoded.endsWith("/") && pages.has(bare) && !folders.has(bare)) {
      return redirectTo(encodeURI(bare));
    }
    if (!decoded.endsWith("/") && folders.has(decoded) && !pages.has(decoded)) {
      return redirectTo(`${encodeURI(decoded)}/`);
    }
    const file = lookup(listing, decoded);
    if (!file) return notFound();
    return sendFile(req, res, file, notFound);
  };
}
