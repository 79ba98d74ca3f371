/**
 * What AVIF would give the case-study images (ADR 0016): for each WebP size the last build wrote
 * under public/static from content/images/works, the source is resized to that size again and
 * encoded as WebP the way the build does (gatsby-plugin-sharp: quality 72, sharp's defaults) and as
 * AVIF at a few settings; for each, the bytes, the CPU seconds spent encoding (one thread, so they
 * add up to what a build would spend) and the fidelity to the resized source (mean PSNR, dB).
 *
 *   npx tsx scripts/measure-avif.ts [--every N]   # every Nth size only (default: all)
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** gatsby-config's `defaults.quality`; gatsby-plugin-sharp passes AVIF only its quality. */
const BUILD_QUALITY = 72;
const SETTINGS: [string, (s: sharp.Sharp) => sharp.Sharp][] = [
  ["WebP q72 (built today)", (s) => s.webp({ quality: BUILD_QUALITY })],
  ["AVIF q72 effort 4", (s) => s.avif({ quality: BUILD_QUALITY })],
  ["AVIF q50 effort 4", (s) => s.avif({ quality: 50 })],
  ["AVIF q50 effort 2", (s) => s.avif({ quality: 50, effort: 2 })],
];

const root = path.resolve(__dirname, "..");
const sourcesDir = path.join(root, "content/images/works");
const sources = new Map(
  fs.readdirSync(sourcesDir).map((f) => [path.parse(f).name, path.join(sourcesDir, f)]),
);
const built = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? built(p) : p.endsWith(".webp") && sources.has(path.parse(p).name) ? [p] : [];
  });

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const psnr = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
};

async function main() {
  sharp.concurrency(1);
  const every = Number(process.argv[process.argv.indexOf("--every") + 1]) || 1;
  const files = built(path.join(root, "public/static"))
    .sort()
    .filter((_, i) => i % every === 0);
  if (!files.length) throw new Error("no case-study WebP in public/static: build the site first");
  const totals = SETTINGS.map(() => ({ bytes: 0, cpu: 0, psnr: 0 }));
  for (const file of files) {
    const { width, height } = await sharp(file).metadata();
    const source = sources.get(path.parse(file).name)!;
    const { data, info } = await sharp(source)
      .rotate()
      .resize(width, height)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    for (const [i, [, encode]] of SETTINGS.entries()) {
      const started = cpuSeconds();
      const encoded = await encode(sharp(data, raw)).toBuffer();
      totals[i].cpu += cpuSeconds() - started;
      totals[i].bytes += encoded.length;
      totals[i].psnr += psnr(data, await sharp(encoded).removeAlpha().raw().toBuffer());
    }
  }
  process.stdout.write(`${files.length} sizes of ${sources.size} case-study images\n`);
  for (const [i, [name]] of SETTINGS.entries()) {
    const { bytes, cpu, psnr: sum } = totals[i];
    const saved = 1 - bytes / totals[0].bytes;
    process.stdout.write(
      `${name.padEnd(24)} ${(bytes / 1e6).toFixed(2)} MB (${(saved * 100).toFixed(0)}% saved)  ${cpu.toFixed(1)} CPU s  PSNR ${(sum / files.length).toFixed(1)} dB\n`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
