/**
 * Validates the content the way the build does and prints every problem. Usage:
 *   npm run check:content                        checks ./content
 *   CONTENT_DIR=/path/to/content npm run check:content   checks another folder, as the build would
 * The folder is the build's (gatsby/lib/paths.ts): one variable says which content is meant.
 */
import { ContentError, loadContent } from "../gatsby/lib/content";
import { contentDir } from "../gatsby/lib/paths";

if (process.argv.length > 2) {
  process.stderr.write(
    `check:content takes no arguments: to check another folder, set CONTENT_DIR (the build reads the same variable), e.g.\n` +
      `  CONTENT_DIR=${process.argv[2]} npm run check:content\n`,
  );
  process.exit(2);
}

const dir = contentDir();
try {
  const content = loadContent(dir);
  process.stdout.write(
    `content OK (${dir}): ${content.services.length} services, ${content.industries.length} industries, ` +
      `${content.works.length} works, ${content.countries.length} countries, ${content.pages.length} pages\n`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
