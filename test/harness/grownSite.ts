/**
 * The grown site: a copy of the project whose portfolio has outgrown its pages many times over
 * (1,000 generated case studies, 200 more services and industries) and holds one more that an
 * editor added the way docs/editing-content.md says (one YAML file, its images made by
 * `npm run images -- <slug>`). Built once per run in the production configuration, beside the
 * main build (npm test's first groups), and used twice: e2e/run.ts serves it as E2E_GROWN_URL for
 * the tests that need it (e2e/pagination.test.ts pages through it, e2e/editor.test.ts finds the
 * editor's case study everywhere the guide promises; e2e/adapter.test.ts reads its headers
 * file's size), and the benchmark's growth figures
 * (bench/growth.ts) measure it and its recorded build time. (The tests and the benchmark each
 * used to build a grown copy of their own: two cold builds of about 200 and 340 s side by side.)
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { generateContent } from "../../bench/generateContent";
import { buildProduction, type BuildRecord } from "./production";
import { makeProjectCopy } from "./sandbox";

/**
 * Where the copy is built: the same path every run of this checkout, so E2E_SKIP_BUILD=1 finds the
 * last one, and a path of its own per checkout (named after the checkout's folder), so two
 * checkouts testing at once (a developer's and a fresh clone's) never build over each other.
 */
export const GROWN_SITE_DIR = path.join(
  os.tmpdir(),
  `copperline-grown-site-${createHash("sha256").update(path.resolve(__dirname, "../..")).digest("hex").slice(0, 12)}`,
);
/** The generated case studies, and services and industries (half each). */
export const GENERATED_WORKS = 1000;
export const GENERATED_EXTRA = 200;
/** The test files that run against (or read) the grown site. */
export const GROWN_SITE_TESTS = ["adapter.test.ts", "editor.test.ts", "pagination.test.ts"];

export const EDITOR_SLUG = "harbour-freight-tracker";

/** The case study the editor writes, as docs/editing-content.md's example does. */
export const EDITOR_WORK = {
  slug: EDITOR_SLUG,
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
  cover: {
    src: `works/${EDITOR_SLUG}-cover.jpg`,
    alt: "Harbour Freight tracking app on a laptop and a phone",
  },
  gallery: [
    { src: `works/${EDITOR_SLUG}-1.jpg`, alt: "Dispatcher board listing containers and their status" },
    { src: `works/${EDITOR_SLUG}-2.jpg`, alt: "Three phone screens of the driver check-in app" },
  ],
};

/** Whether a grown site has been built (by this run, or an earlier one). */
export const grownSiteBuilt = (): boolean => fs.existsSync(path.join(GROWN_SITE_DIR, "public/index.html"));

/**
 * Copies the project to GROWN_SITE_DIR (afresh), adds the content above and builds it from a
 * cold cache in the production configuration; the build's duration is recorded beside it
 * (test/harness/production.ts), where the benchmark reads it.
 */
export function buildGrownSite(stdio: "inherit" | "ignore" = "ignore"): BuildRecord {
  const { dir } = makeProjectCopy("grown-", GROWN_SITE_DIR);
  const content = path.join(dir, "content");
  generateContent(content, GENERATED_WORKS, GENERATED_EXTRA);
  fs.writeFileSync(
    path.join(content, "works", `${EDITOR_SLUG}.yaml`),
    `# yaml-language-server: $schema=../../schemas/json/work.schema.json\n${stringify(EDITOR_WORK)}`,
  );
  // The images, made the way the guide says (npm run images -- <slug>).
  const images = spawnSync("npx", ["tsx", "scripts/generate-images.ts", EDITOR_SLUG], {
    cwd: dir,
    encoding: "utf8",
  });
  if (images.status !== 0) throw new Error(`npm run images failed in ${dir}:\n${images.stderr}`);
  return buildProduction(dir, stdio);
}

/** The grown site's address in a test (e2e/run.ts serves it). */
export function grownSiteUrl(): string {
  const url = process.env.E2E_GROWN_URL;
  if (!url) throw new Error("E2E_GROWN_URL is not set: run the browser tests with `npm run test:e2e`");
  return url;
}
