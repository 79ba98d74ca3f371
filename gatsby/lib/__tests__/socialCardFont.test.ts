/** @jest-environment node */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";

/**
 * The social cards need no system font: each card is drawn in a child process whose fontconfig
 * search path is emptied (a configuration with no folder at all, and empty home and XDG folders),
 * as on a machine with no font package installed. The build's card must still match the
 * committed reference; the same card drawn by sharp alone in that process shows the emptied path
 * is real (its title comes out as empty boxes).
 */

const root = path.resolve(__dirname, "../../..");
const REFERENCE = path.join(__dirname, "fixtures/social-card.png");
// The title's two lines ("Custom software / development for teams") at 68 px.
const TITLE_BAND = { left: 80, top: 180, width: 1040, height: 200 };

let dir: string;
let noFonts: NodeJS.ProcessEnv;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "card-font-"));
  const empty = path.join(dir, "empty");
  fs.mkdirSync(empty);
  const conf = path.join(dir, "no-fonts.conf");
  fs.writeFileSync(
    conf,
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig></fontconfig>\n',
  );
  noFonts = {
    ...process.env,
    FONTCONFIG_FILE: conf,
    FONTCONFIG_PATH: empty,
    HOME: empty,
    XDG_CONFIG_HOME: empty,
    XDG_DATA_HOME: empty,
    XDG_DATA_DIRS: empty,
  };
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function drawCard(mode: "build" | "bare"): Promise<string> {
  const out = path.join(dir, `${mode}.png`);
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "gatsby/lib/__tests__/fixtures/renderCard.ts", mode, out],
    { cwd: root, env: noFonts },
  );
  return out;
}

const pixels = async (file: string, region?: typeof TITLE_BAND) => {
  const image = region ? sharp(file).extract(region) : sharp(file);
  return image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
};

/** Share of the title band's pixels that are near white: the title's letters. */
async function titleInk(file: string): Promise<number> {
  const { data, info } = await pixels(file, TITLE_BAND);
  let ink = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.min(data[i], data[i + 1], data[i + 2]) > 200) ink++;
  return ink / (info.width * info.height);
}

/** Share of pixels whose colour differs from the reference's by more than 24 in a channel. */
async function differsFromReference(file: string): Promise<number> {
  const [a, b] = await Promise.all([pixels(file), pixels(REFERENCE)]);
  expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 3) {
    const d = Math.max(
      Math.abs(a.data[i] - b.data[i]),
      Math.abs(a.data[i + 1] - b.data[i + 1]),
      Math.abs(a.data[i + 2] - b.data[i + 2]),
    );
    if (d > 24) differing++;
  }
  return differing / (a.info.width * a.info.height);
}

test("the build draws a card's title in the packaged font with no system font to be found", async () => {
  const card = await drawCard("build");
  // Bold 68 px letters cover about 15% of the band; empty boxes (no font) cover under 1%.
  expect(await titleInk(card)).toBeGreaterThan(0.1);
  // Antialiasing may differ by a shade between builds of the renderer; letters would differ by far more.
  expect(await differsFromReference(card)).toBeLessThan(0.002);
}, 60_000);

test("without the packaged font, the same card has no title: the search path really is empty", async () => {
  const card = await drawCard("bare");
  expect(await titleInk(card)).toBeLessThan(0.02);
  expect(await differsFromReference(card)).toBeGreaterThan(0.02);
}, 60_000);
