import { MARKDOWN_CONTENT_TYPE } from "../shared/alternates";

/** The content type of each file a Gatsby build writes, by extension (npm start's server, the bench's). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  // Each indexable page's Markdown copy (gatsby/lib/markdown.ts).
  ".md": MARKDOWN_CONTENT_TYPE,
  // The search's engine (Pagefind, public/pagefind/): the browser compiles it as it streams in.
  ".wasm": "application/wasm",
  ".webmanifest": "application/manifest+json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  // The CMS's social-card preview draws with the fonts the build's cards use (public/admin/static/).
  ".ttf": "font/ttf",
  ".ico": "image/x-icon",
};

export const contentType = (ext: string): string => CONTENT_TYPES[ext] ?? "application/octet-stream";

/** The types worth compressing (text). */
export const COMPRESSIBLE: ReadonlySet<string> = new Set([
  ".html",
  ".js",
  ".json",
  ".map",
  ".css",
  ".svg",
  ".xml",
  ".txt",
  ".md",
  ".webmanifest",
]);
