/**
 * An editor adds a case study the way the editing guide says: one YAML file and its images in
 * content/. After a build it appears everywhere the guide promises, with no code change.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { stringify } from "yaml";
import { closeBrowser, getBrowser, PHONE } from "./lib/browser";
import { buildIn, makeProjectCopy } from "../test/harness/sandbox";
import { serveSite } from "../test/harness/server";

const SLUG = "harbour-freight-tracker";
let project: ReturnType<typeof makeProjectCopy>;
let server: Awaited<ReturnType<typeof serveSite>>;

before(async () => {
  project = makeProjectCopy("editor-");
  const content = path.join(project.dir, "content");
  const work = {
    slug: SLUG,
    client: "Harbour Freight",
    title: "Harbour Freight: live tracking for port haulage",
    description:
      "How we built a live container tracking app for a port haulage firm, with driver check-ins and delay alerts for customers.",
    headline: "Live container tracking that customers check instead of calling",
    outcome: "Customers follow their containers themselves instead of phoning the office",
    industry: "ai-in-transportation",
    services: ["react-native-development", "nodejs-development"],
    platforms: ["ios", "android", "web"],
    stack: ["React Native", "Node.js", "PostgreSQL", "Mapbox"],
    region: "United Kingdom",
    year: 2026,
    challenge:
      "Harbour Freight's office spent most mornings answering calls about where a container was. Drivers reported by radio and the status lived in a spreadsheet nobody outside the office could see.",
    solution:
      "We built a driver app for check-ins at each gate and a customer web view that shows every container's last known position, expected arrival and any delay, fed by the same Node.js API.",
    features: [
      {
        title: "Gate check-ins",
        description: "Drivers confirm each gate with one tap, even with a weak signal.",
      },
      { title: "Delay alerts", description: "Customers get a message when a container will miss its slot." },
      {
        title: "Office board",
        description: "Dispatchers see every vehicle on one live board instead of a spreadsheet.",
      },
    ],
    outcomes: [
      "Morning phone calls about container status dropped noticeably.",
      "Dispatchers plan from one live board.",
    ],
    cover: { src: `works/${SLUG}-cover.jpg`, alt: "Harbour Freight tracking app on a laptop and a phone" },
    gallery: [
      { src: `works/${SLUG}-1.jpg`, alt: "Dispatcher board listing containers and their status" },
      { src: `works/${SLUG}-2.jpg`, alt: "Three phone screens of the driver check-in app" },
    ],
  };
  fs.writeFileSync(
    path.join(content, "works", `${SLUG}.yaml`),
    `# yaml-language-server: $schema=../../schemas/json/work.schema.json\n${stringify(work)}`,
  );
  // The images, made the way the guide says (npm run images -- <slug>).
  const images = spawnSync("npx", ["tsx", "scripts/generate-images.ts", SLUG], {
    cwd: project.dir,
    encoding: "utf8",
  });
  assert.equal(images.status, 0, images.stderr);
  buildIn(project.dir);
  server = await serveSite(project.dir);
});

after(async () => {
  await server?.stop();
  await closeBrowser();
  project?.cleanup();
});

test("the new case study has its page and is on /works", async () => {
  const page = await (await fetch(`${server.url}/works/${SLUG}`)).text();
  assert.match(page, /Live container tracking that customers check instead of calling/);
  const works = await (await fetch(`${server.url}/works`)).text();
  assert.ok(works.includes(`href="/works/${SLUG}"`));
});

test("it is in the sitemap", async () => {
  const sitemap = await (await fetch(`${server.url}/sitemap-0.xml`)).text();
  assert.ok(sitemap.includes(`/works/${SLUG}</loc>`));
});

test("its industry page and its services' pages list it", async () => {
  for (const p of ["/industries/ai-in-transportation", "/services/react-native-development"]) {
    const html = await (await fetch(`${server.url}${p}`)).text();
    assert.ok(html.includes(`href="/works/${SLUG}"`), p);
  }
});

test("the mobile menu's Portfolio list includes it", async () => {
  const context = await (await getBrowser()).newContext({ viewport: PHONE, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("button", { name: "Portfolio" }).click();
  assert.equal(
    await menu.getByRole("link", { name: "Harbour Freight" }).getAttribute("href"),
    `/works/${SLUG}`,
  );
  await context.close();
});
