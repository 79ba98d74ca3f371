/**
 * The Lighthouse rows of the benchmark (bench/run.ts): the bare pages, then each visitor on one
 * page of each template. Per page and visitor, a categories run (bench/categoryLanes.ts: several
 * at a time, before the performance runs), then BENCH_RUNS performance runs, one at a time.
 */
import { samplePages } from "../test/harness/samplePages";
import {
  BUDGET,
  budgetProblems,
  confirmedProblems,
  HOST_SPEED_FLOOR,
  runCounts,
  tbtNotJudged,
  type Problem,
} from "./budgets";
import { categoriesRuns } from "./categoryLanes";
import { medianFigures, openLighthouse, type Figures, type LighthouseSession } from "./lighthouse";
import { profileProblems, type Profile } from "./profiles";
import { row } from "./report";
import { countRuns, stage, started } from "./stages";
import { serveStatic } from "./staticServer";
import { startThirdPartyStub } from "./thirdPartyStub";

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** One page of each template (test/harness/samplePages.ts, the list the tests sample too). */
export const SAMPLE_PAGES: [string, string][] = samplePages().map((p) => [p.name, p.path]);

/** What the runs found, for the table and docs/performance.md (bench/report.ts). */
export interface Findings {
  /** Rows of the table. */
  lines: string[];
  /** Budgets broken (confirmed), and rows that did not measure their visitor. */
  problems: string[];
  /** Rows measured again because the first median broke a budget. */
  remeasured: string[];
  /** The performance runs repeated because the host was slow: "page, visitor (host speed)". */
  repeated: string[];
  /** Rows over the TBT budget measured on a host under the speed floor (not judged: budgets.ts). */
  unjudged: string[];
}

/** The site measured: its build folder, the country lookup's URL, the floor of the JS ratio. */
export interface Site {
  site: string;
  lookupUrl: string;
  bareImage: Figures;
}

/**
 * A page's figures: its categories run's (`categories`, or one run here), then `runs`
 * performance runs that count (`runCounts`: one started on a host slower than HOST_SPEED_FLOOR
 * is repeated); the median of each figure. `visitor` names the profile in the list of repeats.
 */
async function measure(
  findings: Findings,
  lighthouse: LighthouseSession,
  url: string,
  dir: string,
  { categories, visitor, runs = RUNS }: { categories?: Figures; visitor?: string; runs?: number } = {},
) {
  const label = `\`${new URL(url).pathname}\`${visitor ? `, ${visitor}` : ""}`;
  if (!categories) countRuns();
  const figures: Figures[] = [categories ?? (await lighthouse.run(url, dir, "categories"))];
  let repeats = 0;
  for (let counted = 0; counted < runs;) {
    const f = await lighthouse.run(url, dir, "performance");
    countRuns();
    if (runCounts(f, repeats, findings.repeated.length)) {
      figures.push(f);
      counted++;
    } else {
      repeats++;
      findings.repeated.push(`${label} (${Math.round(f.benchmarkIndex)})`);
      process.stdout.write(
        `(host speed ${Math.round(f.benchmarkIndex)} < ${HOST_SPEED_FLOOR}: a run of ${label} is repeated)\n`,
      );
    }
  }
  return medianFigures(figures);
}

/** The categories runs of `urls`, several at a time (bench/categoryLanes.ts), counted. */
async function categoriesOf(urls: string[], dir: string, chromeFlags?: string[]): Promise<Figures[]> {
  const figures = await categoriesRuns(urls, dir, chromeFlags);
  countRuns(urls.length);
  return figures;
}

/**
 * The bare page and the bare page with one image, one run of each kind (their script bytes, the
 * floor of the JS ratio, are the same in every run); the figures of the one with the image.
 */
export async function measureBarePages(
  origin: string,
  bareDir: string,
  findings: Findings,
): Promise<Figures> {
  const urls = [`${origin}/`, `${origin}/image`];
  const categories = await categoriesOf(urls, bareDir);
  const lighthouse = await openLighthouse();
  const bare = await measure(findings, lighthouse, urls[0], bareDir, { categories: categories[0], runs: 1 });
  const image = await measure(findings, lighthouse, urls[1], bareDir, { categories: categories[1], runs: 1 });
  findings.lines.push(row("bare page", "/", "", bare), row("bare page + 1 image", "/image", "", image));
  process.stdout.write(`${findings.lines.join("\n")}\n`);
  return image;
}

/** One visitor's rows: the categories runs of every template, then the performance runs. */
export async function measureVisitor(
  profile: Profile,
  { site, lookupUrl, bareImage }: Site,
  findings: Findings,
) {
  const { lines, problems, remeasured, unjudged } = findings;
  const lookupHost = new URL(lookupUrl).hostname;
  const stub = started(await startThirdPartyStub(profile.country, lookupUrl));
  const siteServer = started(await serveStatic(site, `127.0.0.1:${stub.port}`));
  try {
    const categories = await stage(`${profile.name}: categories (${SAMPLE_PAGES.length} pages)`, async () => {
      const figures = await categoriesOf(
        SAMPLE_PAGES.map(([, p]) => `${siteServer.url}${p}`),
        site,
        stub.chromeFlags,
      );
      // Not a budget: a check that the runs measured the visitor they are labelled with.
      const seen = profileProblems(profile, lookupHost, stub.takeLog(), SAMPLE_PAGES.length);
      problems.push(...seen.map((s) => `categories runs (${profile.name}): ${s}`));
      return figures;
    });
    await stage(`${profile.name}: performance (${SAMPLE_PAGES.length} templates)`, async () => {
      const lighthouse = await openLighthouse(stub.chromeFlags);
      // Every template shows gatsby-plugin-image images, so the floor is the bare page with one.
      // A second measurement makes its own categories run too.
      const template = async (name: string, p: string, pageCategories?: Figures) => {
        const f = await measure(findings, lighthouse, `${siteServer.url}${p}`, site, {
          categories: pageCategories,
          visitor: profile.name,
        });
        const ratio = f.jsGzip / bareImage.jsGzip;
        const seen = profileProblems(profile, lookupHost, stub.takeLog(), RUNS);
        return { f, ratio, seen, problems: budgetProblems(`${name} (${profile.name})`, p, f, ratio) };
      };
      for (const [i, [name, p]] of SAMPLE_PAGES.entries()) {
        const first = await template(name, p, categories[i]);
        let { f, ratio } = first;
        let found: Problem[] = first.problems;
        if (found.length) {
          // A broken budget counts only when a second median breaks it too (bench/budgets.ts).
          process.stdout.write(`(${found.map((x) => x.message).join("; ")}: measuring again)\n`);
          const second = await template(name, p);
          ({ f, ratio } = second);
          found = confirmedProblems(first.problems, second.problems);
          remeasured.push(
            `${name}, ${profile.name} (first median: ${first.problems.map((x) => x.detail).join(", ")})`,
          );
        }
        lines.push(row(name, p, profile.name, f, ratio));
        problems.push(...found.map((x) => x.message));
        if (tbtNotJudged(f) && f.tbtMs > BUDGET.tbtMs)
          unjudged.push(
            `${name}, ${profile.name}: TBT ${Math.round(f.tbtMs)} ms at host speed ${Math.round(f.benchmarkIndex)}`,
          );
        // Not a budget: a check that the row measured the visitor it is labelled with.
        problems.push(...first.seen.map((s) => `${name} (${profile.name}): ${s}`));
        process.stdout.write(`${lines[lines.length - 1]}\n`);
      }
    });
  } finally {
    await siteServer.stop();
    await stub.stop();
  }
}
