/* Validates content/ the way the build does and prints every problem. Usage: npm run check:content */
import path from "node:path";
import { ContentError, loadContent } from "../gatsby/lib/content";

const dir = path.resolve(process.argv[2] ?? "content");
try {
  const content = loadContent(dir);
  process.stdout.write(
    `content OK: ${content.services.length} services, ${content.industries.length} industries, ` +
      `${content.works.length} works, ${content.countries.length} countries, ${content.pages.length} pages\n`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
