/**
 * Writes the icons the content schema allows (schemas/common.ts ICONS), from lucide-static (ISC
 * licence) and coloured in the brand copper, as the symbols of one file, static/icons/icons.svg,
 * which src/components/Icon draws with `<svg><use href="/icons/icons.svg#name">`. So menus and
 * cards ship no icon code in JavaScript, and the browser builds one SVG document for all of them
 * (an `<img>` per icon file costs one isolated document per icon, which a phone paid for when a
 * mega menu opened: docs/performance.md). Usage: npm run icons
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

/**
 * Each symbol's drawing attributes (lucide's, in the brand copper). On the symbol, not the file's
 * root: where `<use>` draws a symbol, its content inherits from the `<use>`, not from this file.
 */
const STROKE =
  'viewBox="0 0 24 24" fill="none" stroke="#b0481c" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

const root = path.resolve(__dirname, "..");
const source = path.join(root, "node_modules/lucide-static/icons");
const out = path.join(root, "static/icons/icons.svg");
const symbols = ICONS.map((name) => {
  const svg = fs.readFileSync(path.join(source, `${LUCIDE_NAME[name] ?? name}.svg`), "utf8");
  const body = svg.slice(svg.indexOf(">", svg.indexOf("<svg")) + 1, svg.lastIndexOf("</svg>"));
  const paths = body.replace(/\n\s*/g, "").trim();
  return `  <symbol id="${name}" ${STROKE}>${paths}</symbol>`;
});
fs.writeFileSync(
  out,
  [
    "<!-- lucide (ISC licence) -->",
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...symbols,
    "</svg>",
    "",
  ].join("\n"),
);
process.stdout.write(`wrote ${ICONS.length} icons to ${path.relative(root, out)}\n`);
