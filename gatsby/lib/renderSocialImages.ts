import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { logoSvg, socialImageSvg, type SocialCard } from "../../shared/socialImages";
import { selectPackagedFonts } from "./cardFonts";

export interface SocialImageJob extends SocialCard {
  /** Site path of the file, e.g. /og/service/ux-design.png. */
  path: string;
}

/**
 * Writes every card into `publicDir` with sharp. Plain PNG at zlib level 6: about 20 ms a card
 * (a palette would halve the bytes but triple the time), so 90+ cards take about two seconds
 * on two cores. Files are about 60 kB. The text is drawn in the DejaVu Sans of an npm package,
 * never a system font (./cardFonts.ts), so the cards are the same on every machine.
 */
export async function renderSocialImages(
  publicDir: string,
  jobs: SocialImageJob[],
  logo: { path: string; size: number },
): Promise<number> {
  selectPackagedFonts();
  const dirs = new Set(jobs.map((job) => path.dirname(path.join(publicDir, job.path))));
  await Promise.all([...dirs].map((dir) => fs.mkdir(dir, { recursive: true })));
  const png = { compressionLevel: 6 } as const;
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      await sharp(Buffer.from(socialImageSvg(job)))
        .png(png)
        .toFile(path.join(publicDir, job.path));
    }
  };
  await Promise.all([
    worker(),
    worker(),
    sharp(Buffer.from(logoSvg(logo.size)))
      .png()
      .toFile(path.join(publicDir, logo.path)),
  ]);
  return jobs.length;
}
