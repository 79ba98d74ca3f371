/**
 * Draws the case-study artwork (cover and two gallery screens per work) and the page heroes
 * into content/images. The pictures are abstract product mock-ups in each client's colours,
 * so the site has real, processable images without stock photography. Run once after adding a
 * case study: npm run images -- <slug> (or no slug for all). Existing files are kept.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { parse } from "yaml";
import { selectPackagedFonts } from "../gatsby/lib/cardFonts";

const root = path.resolve(__dirname, "..");
const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(root, "content"));
const W = 1440;
const H = 900;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function palette(seed: string) {
  const h = hash(seed) % 360;
  return {
    bg1: `hsl(${h}, 55%, 18%)`,
    bg2: `hsl(${(h + 40) % 360}, 60%, 32%)`,
    accent: `hsl(${(h + 180) % 360}, 80%, 62%)`,
    soft: `hsl(${h}, 40%, 92%)`,
    mid: `hsl(${h}, 30%, 70%)`,
  };
}

function screen(x: number, y: number, w: number, h: number, p: ReturnType<typeof palette>, seed: number) {
  const rows = Array.from({ length: 4 }, (_, i) => {
    const bw = (w - 80) * (0.45 + ((seed >> i) % 5) / 10);
    return `<rect x="${x + 40}" y="${y + 120 + i * 60}" width="${bw}" height="22" rx="11" fill="${p.mid}" opacity="0.8"/>`;
  }).join("");
  const bars = Array.from({ length: 6 }, (_, i) => {
    const bh = 40 + ((seed >> (i * 3)) % 120);
    return `<rect x="${x + 40 + i * ((w - 80) / 6)}" y="${y + h - 40 - bh}" width="${(w - 80) / 6 - 14}" height="${bh}" rx="6" fill="${p.accent}" opacity="${0.55 + i * 0.07}"/>`;
  }).join("");
  return `<g>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${p.soft}"/>
    <rect x="${x}" y="${y}" width="${w}" height="70" rx="28" fill="#ffffff"/>
    <circle cx="${x + 40}" cy="${y + 35}" r="10" fill="${p.accent}"/>
    <rect x="${x + 64}" y="${y + 25}" width="${w * 0.35}" height="20" rx="10" fill="${p.mid}"/>
    ${rows}${bars}
  </g>`;
}

function phone(x: number, y: number, p: ReturnType<typeof palette>, seed: number) {
  const cards = Array.from(
    { length: 4 },
    (_, i) =>
      `<rect x="${x + 24}" y="${y + 110 + i * 110}" width="222" height="90" rx="16" fill="#ffffff"/>
     <circle cx="${x + 64}" cy="${y + 155 + i * 110}" r="22" fill="${i === seed % 4 ? p.accent : p.mid}"/>
     <rect x="${x + 100}" y="${y + 138 + i * 110}" width="${120 - ((seed >> i) % 40)}" height="14" rx="7" fill="${p.mid}"/>
     <rect x="${x + 100}" y="${y + 162 + i * 110}" width="90" height="12" rx="6" fill="${p.soft}"/>`,
  ).join("");
  return `<g>
    <rect x="${x}" y="${y}" width="270" height="560" rx="40" fill="#0f1222"/>
    <rect x="${x + 12}" y="${y + 12}" width="246" height="536" rx="30" fill="${p.soft}"/>
    <rect x="${x + 24}" y="${y + 40}" width="160" height="28" rx="14" fill="${p.accent}"/>
    ${cards}
  </g>`;
}

function artwork(slug: string, kind: "cover" | "1" | "2", label: string, sublabel: string): string {
  const p = palette(slug);
  const seed = hash(`${slug}-${kind}`);
  const background = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#g)"/>
    <circle cx="${1200 + (seed % 120)}" cy="${120 + (seed % 90)}" r="260" fill="${p.accent}" opacity="0.14"/>
    <circle cx="${160}" cy="${820}" r="220" fill="#ffffff" opacity="0.06"/>`;
  let body: string;
  if (kind === "cover") {
    body = `${screen(620, 170, 700, 500, p, seed)}${phone(470, 260, p, seed)}
      <text x="90" y="150" font-family="DejaVu Sans" font-weight="bold" font-size="64" fill="#ffffff">${escape(label)}</text>
      <text x="92" y="205" font-family="DejaVu Sans" font-size="30" fill="${p.soft}" opacity="0.85">${escape(sublabel)}</text>`;
  } else if (kind === "1") {
    body = `${screen(170, 120, 1100, 660, p, seed)}`;
  } else {
    body = `${phone(300, 170, p, seed)}${phone(640, 120, p, seed >> 3)}${phone(980, 170, p, seed >> 5)}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background}${body}</svg>`;
}

async function write(file: string, svg: string) {
  if (fs.existsSync(file)) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toFile(file);
  return true;
}

async function main() {
  // The labels are drawn in the packaged DejaVu Sans, as the social cards are: no system font.
  selectPackagedFonts();
  const only = process.argv[2];
  const worksDir = path.join(contentDir, "works");
  const slugs = fs
    .readdirSync(worksDir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.replace(/\.yaml$/, ""))
    .filter((s) => !only || s === only);
  let made = 0;
  for (const slug of slugs) {
    const data = parse(fs.readFileSync(path.join(worksDir, `${slug}.yaml`), "utf8")) as {
      client?: string;
      region?: string;
    };
    for (const kind of ["cover", "1", "2"] as const) {
      const file = path.join(contentDir, "images", "works", `${slug}-${kind}.jpg`);
      if (await write(file, artwork(slug, kind, data.client ?? slug, data.region ?? ""))) made++;
    }
  }
  for (const page of ["home", "about", "new-home"]) {
    const file = path.join(contentDir, "images", "pages", `${page}-hero.jpg`);
    if (await write(file, artwork(`page-${page}`, "1", "", ""))) made++;
  }
  process.stdout.write(`wrote ${made} images into ${path.relative(root, contentDir)}/images\n`);
}

void main();
