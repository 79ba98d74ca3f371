/**
 * Copies the icons the content schema allows (schemas/common.ts ICONS) from lucide-static
 * (ISC licence) into static/icons, coloured in the brand copper. Icons are served as files and
 * shown with <img>, so menus and cards ship no icon code in JavaScript. Usage: npm run icons
 */
import fs from "node:fs";
import path from "node:path";
import { ICONS } from "../schemas";

/** Our icon names mapped to lucide's, where they differ. */
const LUCIDE_NAME: Partial<Record<(typeof ICONS)[number], string>> = {
  chart: "chart-column",
  message: "message-square",
  layout: "layout-dashboard",
  building: "building-2",
  share: "share-2",
  book: "book-open",
  calendar: "calendar-days",
};

const root = path.resolve(__dirname, "..");
const source = path.join(root, "node_modules/lucide-static/icons");
const out = path.join(root, "static/icons");
fs.mkdirSync(out, { recursive: true });
for (const name of ICONS) {
  const svg = fs
    .readFileSync(path.join(source, `${LUCIDE_NAME[name] ?? name}.svg`), "utf8")
    .replace(/<!--.*?-->\s*/s, "")
    .replace(/\s*class="[^"]*"/, "")
    .replace('stroke="currentColor"', 'stroke="#b0481c"')
    .replace(/\n\s*/g, " ")
    .trim();
  fs.writeFileSync(path.join(out, `${name}.svg`), `<!-- lucide (ISC licence) -->\n${svg}\n`);
}
process.stdout.write(`wrote ${ICONS.length} icons to static/icons\n`);
