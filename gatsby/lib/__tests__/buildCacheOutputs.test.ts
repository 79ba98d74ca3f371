/**
 * @jest-environment node
 *
 * The steps that keep what they made in .cache write exactly what they write without it: the
 * social cards (byte for byte) and each page's policy.
 */
import fs from "node:fs";
import { scratchDir } from "../../../test/scratchDir";
import path from "node:path";
import { socialCards } from "../../../shared/socialImages";
import { pagePolicies, pageScriptsCache, collectPageScripts } from "../pagePolicies";
import { renderSocialImages, socialImagesCache } from "../renderSocialImages";

const root = path.resolve(__dirname, "../../..");
const site = {
  name: "Copperline Labs",
  tagline: "Software and AI development agency",
  siteUrl: "https://x.dev",
};
const LOGO = { path: "/logo.png", size: 64 };
jest.setTimeout(60_000);

/** A scratch project: the real build code (for the caches' version), its own .cache. */
function scratch(): string {
  const dir = scratchDir("cache-outputs");
  for (const name of ["package-lock.json", "gatsby", "shared", "schemas"])
    fs.symlinkSync(path.join(root, name), path.join(dir, name));
  return dir;
}
const files = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".png"))
      .sort()
      .map((f) => [f, fs.readFileSync(path.join(dir, f))]),
  );

test("social cards: a warm build draws only the changed card, and every file is what a fresh build draws", async () => {
  const project = scratch();
  const jobs = [
    socialCards.default(site),
    socialCards.service(site, { slug: "ux-design", title: "UX design" }),
    socialCards.work(site, { slug: "humm", title: "Humm: a payments app built for trust", client: "Humm" }),
  ];
  const warm = path.join(project, "public");
  expect(await renderSocialImages(warm, jobs, LOGO, socialImagesCache(project))).toEqual({
    drawn: 4,
    kept: 0,
  });
  expect(await renderSocialImages(warm, jobs, LOGO, socialImagesCache(project))).toEqual({
    drawn: 0,
    kept: 4,
  });

  const edited = [...jobs.slice(0, 2), { ...jobs[2], title: "Humm: payment plans without the phone calls" }];
  fs.rmSync(path.join(warm, "og/service/ux-design.png"));
  // The edited card, and the card whose file is gone, are drawn; the rest are kept.
  expect(await renderSocialImages(warm, edited, LOGO, socialImagesCache(project))).toEqual({
    drawn: 2,
    kept: 2,
  });

  const fresh = scratchDir("cards-fresh");
  await renderSocialImages(fresh, edited, LOGO);
  expect(Object.keys(files(warm))).toEqual([
    "logo.png",
    "og/default.png",
    "og/service/ux-design.png",
    "og/work/humm.png",
  ]);
  expect(files(warm)).toEqual(files(fresh));
});

test("page policies: with the scripts kept from the last build, the same policies; a changed page gets its new hashes", () => {
  const project = scratch();
  const publicDir = path.join(project, "public");
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
    fs.writeFileSync(path.join(publicDir, file), text);
  };
  write("about.html", "<script>window.pagePath='/about'</script>");
  write("works.html", "<script>window.pagePath='/works'</script>");
  write("404.html", "<script>x()</script>");
  const headers = ["/*", "/about", "/works"]
    .map((p) => `${p}\n  content-security-policy: default-src 'self'; script-src 'self'\n`)
    .join("");
  const fresh = () => pagePolicies(headers, publicDir);
  const warm = () => {
    const cache = pageScriptsCache(project);
    collectPageScripts(publicDir, cache);
    return pagePolicies(headers, publicDir, pageScriptsCache(project));
  };
  const first = warm();
  expect(first).toBe(fresh());
  expect(warm()).toBe(first);
  write("works.html", "<script>window.pagePath='/works';window.page=2</script>");
  const after = warm();
  expect(after).not.toBe(first);
  expect(after).toBe(fresh());
});
