import path from "node:path";

/**
 * Where the content lives: CONTENT_DIR, default ./content. The build, gatsby-config and
 * `npm run check:content` all read it from here; tests and the growth benchmark point it at a
 * temporary copy without touching the real files.
 */
export const contentDir = (): string =>
  path.resolve(process.env.CONTENT_DIR ?? path.join(process.cwd(), "content"));
