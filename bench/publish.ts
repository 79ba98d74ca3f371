/**
 * Publishing time: how long after an editor presses Publish the changed page is in `public/`. On a
 * copy of the project with the real content (test/harness/sandbox.ts; the real content/ is never
 * touched), in the production configuration: a cold build (no .cache, no public), then a rebuild
 * after one case study's text changes and one after one of its images is replaced, each from a
 * checkout without .cache and public/ that gets them back from the host's build cache, as on
 * Netlify: the adapter saves both at the end of each build, before it moves the pages where the
 * host serves them, and restores them at the start of the next (gatsby-adapter-netlify with
 * NETLIFY_LOCAL set keeps that cache in .netlify/build-cache). Each figure runs from the content
 * change to the end of the build, and says when the new page was in public/ (the file the host
 * serves, `works/<slug>.html`, holding the new text or a new image). The host adds its own queue
 * and upload to these.
 *
 * Budget: a warm rebuild after a text change takes at most half the cold build
 * (`publishProblems`). `npx tsx bench/publish.ts` measures and prints the table alone (about three
 * builds: 4 to 8 minutes on this 2-core machine); bench/run.ts can call `measurePublishing`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { productionBuildEnv } from "../test/harness/production";
import { makeProjectCopy } from "../test/harness/sandbox";

/** A warm rebuild after a text change may take at most this share of the cold build. */
export const PUBLISH_BUDGET = { warmTextOfCold: 0.5 };

/** The case study changed: one of the real ones, with a cover and two gallery images. */
export const PUBLISH_SLUG = "humm";

export interface BuildFigure {
  /** The build's duration, from the content change to the end of `gatsby build`. */
  seconds: number;
  /** From the content change until the served page file held the change. */
  pageSeconds: number;
  /** Gatsby's slowest steps ("success <step> - N s" lines), slowest first. */
  steps: { step: string; seconds: number }[];
  /**
   * The machine's load during the build (the 1-minute load average, averaged over the build): the
   * figures of a busy shared machine are slower, the cold build's and the warm ones' alike.
   */
  load: number;
}

export interface PublishFigures {
  cold: BuildFigure;
  text: BuildFigure;
  image: BuildFigure;
}

export interface PublishReport {
  figures: PublishFigures;
  /** A markdown table, one row a build. */
  table: string;
  /** The budgets broken (empty when all held). */
  problems: string[];
}

/** The budget check: what a run broke, one sentence each. */
export function publishProblems(f: Pick<PublishFigures, "cold" | "text">): string[] {
  const limit = f.cold.seconds * PUBLISH_BUDGET.warmTextOfCold;
  return f.text.seconds <= limit
    ? []
    : [
        `publishing: a warm rebuild after a text change took ${f.text.seconds.toFixed(0)} s, over ${PUBLISH_BUDGET.warmTextOfCold * 100}% of the cold build (${limit.toFixed(0)} s of ${f.cold.seconds.toFixed(0)} s)`,
      ];
}

/** Gatsby's step timings from its log ("success Building static HTML for pages - 12.345s"). */
export function buildSteps(log: string): BuildFigure["steps"] {
  const steps = new Map<string, number>();
  // eslint-disable-next-line no-control-regex
  const plain = log.replace(/\u001b\[[0-9;]*[A-Za-z]/g, "");
  for (const [, step, seconds] of plain.matchAll(/^(?:\[[\d. ]+\] )*success (.+?) - ([\d.]+)s/gm))
    steps.set(step.trim(), (steps.get(step.trim()) ?? 0) + Number(seconds));
  return [...steps].map(([step, seconds]) => ({ step, seconds })).sort((a, b) => b.seconds - a.seconds);
}

/**
 * Runs `gatsby build` in `dir`; while it runs, checks every quarter second whether `changed()`
 * holds, and notes when it first did.
 */
function timedBuild(dir: string, changed: () => boolean, logFile: string): Promise<BuildFigure> {
  const started = Date.now();
  let pageAt = 0;
  const loads: number[] = [];
  const note = () => {
    loads.push(os.loadavg()[0]);
    if (!pageAt && changed()) pageAt = Date.now();
  };
  const poll = setInterval(note, 250);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["gatsby", "build"], {
      cwd: dir,
      env: { ...productionBuildEnv(), NETLIFY_LOCAL: "1" },
    });
    // Each line of the log with the second it came (what Gatsby does not time shows as a gap).
    let log = "";
    const add = (chunk: Buffer) => {
      const at = `[${((Date.now() - started) / 1000).toFixed(1).padStart(6)}] `;
      const text = String(chunk).replace(/\n(?=.)/g, `\n${at}`);
      log += log === "" || log.endsWith("\n") ? `${at}${text}` : text;
    };
    child.stdout.on("data", add);
    child.stderr.on("data", add);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(poll);
      note();
      fs.writeFileSync(logFile, log);
      if (code !== 0) return reject(new Error(`gatsby build failed in ${dir} (log: ${logFile})`));
      const end = Date.now();
      resolve({
        seconds: (end - started) / 1000,
        pageSeconds: ((pageAt || end) - started) / 1000,
        steps: buildSteps(log),
        load: loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length),
      });
    });
  });
}

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");

/** The image files a page names under /static/ (what gatsby-plugin-image wrote for it). */
const staticImages = (html: string) => [...new Set(html.match(/\/static\/[^"'\s,)]+/g) ?? [])];

/**
 * Measures the three builds in a fresh copy of the project (removed afterwards unless `keep`);
 * `log` receives a line as each build finishes.
 */
export async function measurePublishing({
  keep = false,
  log = (line: string) => process.stdout.write(`${line}\n`),
}: { keep?: boolean; log?: (line: string) => void } = {}): Promise<PublishReport> {
  const copy = makeProjectCopy("publish-");
  const page = path.join(copy.dir, "public/works", `${PUBLISH_SLUG}.html`);
  const yamlFile = path.join(copy.dir, "content/works", `${PUBLISH_SLUG}.yaml`);
  const logFile = (name: string) => path.join(copy.dir, `publish-${name}.log`);
  /** A fresh checkout of the site's repository: no .cache, no public (the host's cache has them). */
  const checkout = () =>
    [".cache", "public"].forEach((d) => fs.rmSync(path.join(copy.dir, d), { recursive: true, force: true }));
  try {
    fs.rmSync(path.join(copy.dir, ".netlify"), { recursive: true, force: true });
    const cold = await timedBuild(copy.dir, () => fs.existsSync(page), logFile("cold"));
    log(`publishing: cold build ${cold.seconds.toFixed(0)} s`);

    // A text change, as the CMS writes it: the headline of one case study.
    const headline = `Payment plans customers read at a glance (${Date.now().toString(36)})`;
    const yaml = fs.readFileSync(yamlFile, "utf8");
    fs.writeFileSync(yamlFile, yaml.replace(/^headline: .*$/m, `headline: ${headline}`));
    checkout();
    const text = await timedBuild(copy.dir, () => read(page).includes(headline), logFile("text"));
    log(`publishing: text change ${text.seconds.toFixed(0)} s`);

    // An image replaced: the cover, as another picture of the same size (its colours inverted).
    const cover = path.join(copy.dir, "content/images/works", `${PUBLISH_SLUG}-cover.jpg`);
    const before = read(page);
    checkout();
    const replaced = await sharp(fs.readFileSync(cover)).negate({ alpha: false }).jpeg().toBuffer();
    fs.writeFileSync(cover, replaced);
    const image = await timedBuild(
      copy.dir,
      () => {
        const html = read(page);
        return (
          html !== before &&
          staticImages(html).some((src) => !before.includes(src)) &&
          staticImages(html).every((src) => fs.existsSync(path.join(copy.dir, "public", src)))
        );
      },
      logFile("image"),
    );
    log(`publishing: image replaced ${image.seconds.toFixed(0)} s`);

    const figures = { cold, text, image };
    return { figures, table: publishTable(figures), problems: publishProblems(figures) };
  } finally {
    if (keep) log(`publishing: the copy and its build logs are in ${copy.dir}`);
    else copy.cleanup();
  }
}

/** The figures as a markdown table, with each build's three slowest steps. */
export function publishTable(f: PublishFigures): string {
  const s = (n: number) => `${n.toFixed(0)} s`;
  const steps = (b: BuildFigure) =>
    b.steps
      .slice(0, 3)
      .map((x) => `${x.step} ${x.seconds.toFixed(1)} s`)
      .join("; ");
  const row = (name: string, b: BuildFigure) =>
    `| ${name} | ${s(b.seconds)} | ${s(b.pageSeconds)} | ${(b.seconds / f.cold.seconds).toFixed(2)}x | ${b.load.toFixed(1)} | ${steps(b)} |`;
  return [
    `| Build (\`works/${PUBLISH_SLUG}\`) | Build time | New page in \`public/\` after | Of the cold build | Machine load | Slowest steps |`,
    "|---|---|---|---|---|---|",
    row("cold (no cache)", f.cold),
    row("warm, after a text change", f.text),
    row("warm, after an image is replaced", f.image),
  ].join("\n");
}

if (require.main === module) {
  // `npx tsx bench/publish.ts [--keep]`: the publishing figures alone; exits 1 when the budget breaks.
  void measurePublishing({ keep: process.argv.includes("--keep") }).then(
    ({ table, problems }) => {
      process.stdout.write(`\n${table}\n\n`);
      if (problems.length) {
        process.stderr.write(`Budgets broken:\n${problems.map((p) => `  - ${p}`).join("\n")}\n`);
        process.exitCode = 1;
      } else process.stdout.write("Publishing budget held.\n");
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
