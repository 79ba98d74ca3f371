import fs from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { logoSvg, socialImageSvg, type SocialImageJob } from "../../shared/socialImages";
import { DigestCache } from "./buildCache";
import { fontDir, selectPackagedFonts } from "./cardFonts";

const PNG = { compressionLevel: 6 } as const;

/**
 * What decides a card's pixels besides its SVG: sharp and libvips, the PNG settings and the font
 * package. A change to any of them draws every card again.
 */
const rendererVersion = (): string =>
  JSON.stringify({
    sharp: sharp.versions,
    png: PNG,
    font: readFileSync(path.join(fontDir(), "..", "package.json"), "utf8"),
  });

export interface SocialImagesWritten {
  /** Cards (and the logo) drawn in this build. */
  drawn: number;
  /** Cards (and the logo) whose file from the last build was kept: same SVG, same renderer. */
  kept: number;
}

/**
 * Writes every card into `publicDir` with sharp. Plain PNG at zlib level 6: about 20 ms a card
 * (a palette would halve the bytes but triple the time), so 90+ cards take about two seconds
 * on two cores. Files are about 60 kB. The text is drawn in the DejaVu Sans of an npm package,
 * never a system font (./cardFonts.ts), so the cards are the same on every machine.
 *
 * A card whose SVG (and path) is the same as in the last build, and whose file is still in
 * `publicDir`, is kept as it is (./buildCache.ts): a warm rebuild draws only the cards that
 * changed. Without a `cache`, every card is drawn.
 */
export async function renderSocialImages(
  publicDir: string,
  jobs: SocialImageJob[],
  logo: { path: string; size: number },
  cache?: DigestCache<true>,
): Promise<SocialImagesWritten> {
  selectPackagedFonts();
  const all = [
    ...jobs.map((job) => ({ file: job.path, svg: socialImageSvg(job), png: PNG })),
    { file: logo.path, svg: logoSvg(logo.size), png: {} },
  ];
  const unchanged = (card: (typeof all)[number]) =>
    cache?.lookup(`${card.file}\n${card.svg}`) === true && existsSync(path.join(publicDir, card.file));
  const queue = all.filter((card) => !unchanged(card));
  const dirs = new Set(queue.map((card) => path.dirname(path.join(publicDir, card.file))));
  await Promise.all([...dirs].map((dir) => fs.mkdir(dir, { recursive: true })));
  const drawn = queue.length;
  const worker = async () => {
    for (let card = queue.shift(); card; card = queue.shift()) {
      await sharp(Buffer.from(card.svg)).png(card.png).toFile(path.join(publicDir, card.file));
      cache?.store(`${card.file}\n${card.svg}`, true);
    }
  };
  await Promise.all([worker(), worker()]);
  cache?.save();
  return { drawn, kept: all.length - drawn };
}

/** The cache renderSocialImages keeps its cards' SVGs in, between builds. */
export const socialImagesCache = (root?: string): DigestCache<true> =>
  DigestCache.at<true>("social-images", rendererVersion(), root);
