import path from "node:path";

/**
 * Where the content lives. CONTENT_DIR (default: ./content) lets tests and the growth benchmark
 * build the site from a temporary copy without touching the real files.
 */
export const contentDir = (): string =>
  path.resolve(process.env.CONTENT_DIR ?? path.join(process.cwd(), "content"));
