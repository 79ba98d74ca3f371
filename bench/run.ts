/**
 * npm run bench: builds the site and a bare Gatsby page (bench/fixture, same installed
 * versions), serves both, runs Lighthouse 3 times on one page of each template, prints the
 * median figures, writes them to docs/performance.md, and exits non-zero when a budget breaks.
 * Environment: BENCH_RUNS (default 3), BENCH_SKIP_BUILD=1 (reuse ./public; the bare page is built if it is missing), BENCH_GROWTH=0 (skip
 * the 1,000-case-study build).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { routeTable } from "../test/harness/routes";
import { BUDGET, budgetProblems, confirmedProblems, score } from "./budgets";
import { measureGrowth, type GrowthFigures } from "./growth";
import { lighthouse, medianFigures, type Figures } from "./lighthouse";
import { serveStatic } from "./staticServer";

const root = path.resolve(__dirname, "..");
const fixture = path.join(root, "bench/fixture");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export const TEMPLATES: [string, string][] = [
  ["home", "/"],
  ["service", "/services/nlp-solutions"],
  ["AI industry", "/industries/ai-in-finance"],
  ["industry", "/industries/finance"],
  ["works case", "/works/humm"],
  ["works index", "/works"],
  ["contact", "/contact"],
  ["about", "/about"],
  ["country", "/uk"],
  ["new-home", "/new-home"],
];

function build(cwd: string): number {
  const started = Date.now();
  const run = spawnSync("npx", ["gatsby", "build"], {
    cwd,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`gatsby build failed in ${cwd}`);
  return (Date.now() - started) / 1000;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function row(name: string, p: string, f: Figures, ratio?: number): string {
  return `| ${name} | \`${p}\` | ${score(f.performance)} | ${score(f.accessibility)} | ${score(f.bestPractices)} | ${score(f.seo)} | ${Math.round(f.lcpMs)} ms | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${kb(f.totalBytes)} | ${kb(f.jsGzip)} | ${ratio === undefined ? "" : `${ratio.toFixed(2)}x`} |`;
}

async function main() {
  let siteBuild: number | undefined;
  if (process.env.BENCH_SKIP_BUILD !== "1") siteBuild = build(root);
  // The bare page is the floor every template is compared with: built here unless a build of it
  // is already there (BENCH_SKIP_BUILD reuses the site's build, e.g. the one the browser tests made,
  // which never builds the fixture).
  if (process.env.BENCH_SKIP_BUILD !== "1" || !fs.existsSync(path.join(fixture, "public/index.html"))) {
    build(fixture);
  }
  if (!fs.existsSync(path.join(root, "public/index.html"))) {
    throw new Error("BENCH_SKIP_BUILD=1 but ./public has no build: run `npx gatsby build` first");
  }
  // Served like a CDN (compressed once), not by `gatsby serve`: see bench/staticServer.ts.
  const site = await serveStatic(path.join(root, "public"));
  const bare = await serveStatic(path.join(fixture, "public"));
  const blocked = [`${routeTable().site.countryLookupUrl}*`, "*__third-party-proxy*"];
  const measure = (base: string, dir: string, p: string) => {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(lighthouse(`${base}${p}`, dir, blocked));
    return medianFigures(runs);
  };

  const lines: string[] = [];
  const problems: string[] = [];
  const remeasured: string[] = [];
  try {
    const bareFigures = measure(bare.url, path.join(fixture, "public"), "/");
    const bareImage = measure(bare.url, path.join(fixture, "public"), "/image");
    lines.push(row("bare page", "/", bareFigures), row("bare page + 1 image", "/image", bareImage));
    // Every template shows gatsby-plugin-image images, so the floor is the bare page with one.
    const template = (name: string, p: string) => {
      const f = measure(site.url, path.join(root, "public"), p);
      const ratio = f.jsGzip / bareImage.jsGzip;
      return { f, ratio, problems: budgetProblems(name, p, f, ratio) };
    };
    for (const [name, p] of TEMPLATES) {
      const first = template(name, p);
      let { f, ratio, problems: found } = first;
      if (found.length) {
        // A broken budget counts only when a second median of RUNS breaks it too (bench/budgets.ts).
        process.stdout.write(`(${found.map((x) => x.message).join("; ")}: measuring ${name} again)\n`);
        const second = template(name, p);
        ({ f, ratio } = second);
        found = confirmedProblems(first.problems, second.problems);
        remeasured.push(`${name} (first median: ${first.problems.map((x) => x.detail).join(", ")})`);
      }
      lines.push(row(name, p, f, ratio));
      problems.push(...found.map((x) => x.message));
      process.stdout.write(`${lines[lines.length - 1]}\n`);
    }
  } finally {
    await site.stop();
    await bare.stop();
  }

  let growth: GrowthFigures | undefined;
  if (process.env.BENCH_GROWTH !== "0") growth = await measureGrowth();

  const header =
    "| Template | Page | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | Total bytes | First-load JS (gzip) | JS vs bare+image |\n|---|---|---|---|---|---|---|---|---|---|---|---|";
  const table = `${header}\n${lines.join("\n")}`;
  process.stdout.write(`\n${table}\n`);
  if (growth) process.stdout.write(`\n${growth.table}\n`);
  writeDoc(table, growth, siteBuild, problems, remeasured);

  if (problems.length) {
    process.stderr.write(`\nBudgets broken:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
    process.exit(1);
  }
  process.stdout.write("\nAll budgets hold.\n");
}

function writeDoc(
  table: string,
  growth: GrowthFigures | undefined,
  siteBuild: number | undefined,
  problems: string[],
  remeasured: string[],
) {
  const file = path.join(root, "docs/performance.md");
  const date = new Date().toISOString().slice(0, 10);
  const text = `# Performance

Measured by \`npm run bench\` on ${date} (${RUNS} Lighthouse runs per page, median; Lighthouse ${lighthouseVersion()} with its default mobile emulation and simulated throttling, in Debian's Chromium, on this project's 2-core machine). This file is rewritten by every run.

Budgets (the script exits non-zero when one breaks, confirmed by a second median of ${RUNS} runs): performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices >= ${BUDGET.bestPractices}, SEO ${BUDGET.seo} (not for \`/new-home\`, which is noindex), CLS <= ${BUDGET.cls}, TBT <= ${BUDGET.tbtMs} ms, first-load JavaScript <= ${BUDGET.jsRatio}x the bare page's.

"First-load JS" is every same-origin script the page loaded during the Lighthouse run, gzipped (level 9). The bare pages are built from \`bench/fixture\` with the same installed Gatsby, React and styled-components; every template shows gatsby-plugin-image images, so its ratio is taken against the bare page with one image.
${siteBuild ? `\nFull site build (\`gatsby build\`, warm cache) in this run: ${siteBuild.toFixed(0)} s.\n` : ""}
${table}

${remeasured.length ? `Measured again because the first median broke a budget (a budget counts as broken only when the second median breaks it too): ${remeasured.join("; ")}.\n\n` : ""}${problems.length ? `Budgets broken in this run:\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : "All budgets held in this run.\n"}
${growth ? `\n## Growth to 1,000 case studies\n\n${growth.table}\n\n${growth.notes}\n` : ""}`;
  fs.writeFileSync(file, text);
}

function lighthouseVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"))
      .version;
  } catch {
    return "(unknown)";
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
