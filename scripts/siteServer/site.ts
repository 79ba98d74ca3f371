import fs from "node:fs";
import path from "node:path";
import {
  headerMatcher,
  readHeaderRules,
  readRedirects,
  redirectMatcher,
  type RedirectMatcher,
} from "./netlifyRules";
import { listFiles, type Listing } from "./staticFiles";

/**
 * The build `npm start` serves, read as one: its files, the headers and rules the host reads from
 * it (netlifyRules.ts) and its 404 page. Read at start, and again when the build changes under the
 * running server: a rebuild or a deploy that swaps `public/` always writes a new `public/_headers`,
 * so a change of that file (another file, or the same file written again) is the sign, checked
 * on each request at the cost of one `stat`. A build that cannot be read yet (half copied) leaves
 * the last one in place until the next change; a file removed without a rebuild is a 404
 * (staticFiles.ts).
 */
export interface Build {
  listing: Listing;
  headersFor: (pathname: string) => Record<string, string>;
  matchRule: RedirectMatcher;
  notFound: { body: Buffer; type: string };
}

async function readBuild(root: string): Promise<Build> {
  const publicDir = path.join(root, "public");
  const [rules, redirects] = await Promise.all([
    readHeaderRules(path.join(publicDir, "_headers")),
    readRedirects(root),
  ]);
  const notFoundPage = path.join(publicDir, "404.html");
  const notFound = fs.existsSync(notFoundPage)
    ? { body: fs.readFileSync(notFoundPage), type: "text/html; charset=utf-8" }
    : { body: Buffer.from("Not found"), type: "text/plain; charset=utf-8" };
  return {
    listing: listFiles(publicDir),
    headersFor: headerMatcher(rules),
    matchRule: await redirectMatcher(redirects),
    notFound,
  };
}

/** What identifies one writing of a file (undefined while it is missing). */
function version(file: string): string | undefined {
  const stats = fs.statSync(file, { throwIfNoEntry: false });
  return stats && `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/** The build in `root`, read now (failing when it cannot be), and a function giving the current one. */
export async function watchBuild(root: string): Promise<() => Promise<Build>> {
  const headersFile = path.join(root, "public", "_headers");
  let seen = version(headersFile);
  let build = await readBuild(root);
  let reading: Promise<void> | undefined;
  return async () => {
    const now = version(headersFile);
    if (now && now !== seen && !reading) {
      seen = now;
      reading = readBuild(root)
        .then((next) => void (build = next))
        .catch((error: Error) =>
          console.error(`serve: the changed build could not be read: ${error.message}`),
        )
        .finally(() => (reading = undefined));
    }
    await reading;
    return build;
  };
}
