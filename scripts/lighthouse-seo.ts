/**
 * Lighthouse SEO check (the acceptance of the SEO issue): serves the last build, runs the
 * Lighthouse bundled with @lhci/cli (Lighthouse 12 runs on Node 20) in Debian's Chromium against
 * one page of each kind, prints every SEO audit and fails unless each page scores 1.0.
 * Usage: npm run build && npm run lighthouse:seo [-- /some/path ...]
 * The lookup service and gtag.js host are blocked: the machine has no internet, and SEO does not
 * depend on them.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/harness/chromium";
import { routeTable } from "../test/harness/routes";
import { samplePaths } from "../test/harness/samplePages";
import { serveSite } from "../test/harness/server";

const PAGES = samplePaths();

type Report = {
  categories: { seo: { score: number; auditRefs: { id: string }[] } };
  audits: Record<string, { score: number | null; title: string }>;
};

async function main() {
  const root = path.resolve(__dirname, "..");
  const pages = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-"));
  const server = await serveSite(root);
  const failed: string[] = [];
  try {
    for (const page of pages) {
      const file = path.join(out, "report.json");
      const run = spawnSync(
        path.join(root, "node_modules/.bin/lighthouse"),
        [
          `${server.url}${page}`,
          "--only-categories=seo",
          "--output=json",
          `--output-path=${file}`,
          "--quiet",
          `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
          "--blocked-url-patterns=*googletagmanager.com*",
          `--blocked-url-patterns=${routeTable().site.countryLookupUrl}*`,
        ],
        // Its temporary folder is `out`, removed at the end: Chromium's profile lock
        // (`org.chromium.Chromium.*`) outlives a browser Lighthouse ends (bench/lighthouse.ts).
        { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH, TMPDIR: out }, encoding: "utf8" },
      );
      if (run.status !== 0) throw new Error(`lighthouse failed on ${page}:\n${run.stderr}`);
      const report = JSON.parse(fs.readFileSync(file, "utf8")) as Report;
      const seo = report.categories.seo;
      const audits = seo.auditRefs
        .map((ref) => `${ref.id}=${report.audits[ref.id].score ?? "n/a"}`)
        .join(" ");
      process.stdout.write(`${page}  SEO ${seo.score.toFixed(2)}  ${audits}\n`);
      if (seo.score < 1) failed.push(page);
    }
  } finally {
    await server.stop();
    fs.rmSync(out, { recursive: true, force: true });
  }
  if (failed.length) {
    process.stderr.write(`SEO below 1.0 on: ${failed.join(", ")}\n`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
