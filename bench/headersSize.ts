/**
 * The size of the host's headers file per HTML page: what `public/_headers` costs as the site
 * grows. The site's headers are a few pattern rules plus one policy per page at its two addresses
 * (gatsby/lib/headers.ts, gatsby/lib/pagePolicies.ts), so the figure stays about the same from the
 * real site to the grown one; copied onto every file (the adapter's way), it was about 20 KB a
 * page and grew with every image. For the benchmark's growth table and e2e/adapter.test.ts.
 */
import fs from "node:fs";
import path from "node:path";

/** The budget: bytes of `public/_headers` per HTML page, on the real and the grown site. */
export const HEADERS_BYTES_PER_PAGE_BUDGET = 2048;

export interface HeadersSize {
  /** Bytes of public/_headers. */
  bytes: number;
  /** HTML documents in public/. */
  pages: number;
  perPage: number;
}

export function headersBytesPerPage(publicDir: string): HeadersSize {
  const bytes = fs.statSync(path.join(publicDir, "_headers")).size;
  const pages = fs
    .readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html")).length;
  return { bytes, pages, perPage: bytes / Math.max(pages, 1) };
}
