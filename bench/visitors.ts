/**
 * The Lighthouse rows of the benchmark (bench/run.ts): the bare pages, the zero-JS copies of the
 * templates, then each visitor on one page of each template. Per page and visitor, a categories
 * run (bench/categoryLanes.ts: several at a time, before the performance runs), then BENCH_RUNS
 * performance runs, one at a time, each audited for both phones (bench/phones.ts).
 */
import { samplePages } from "../test/harness/samplePages";
import { budgetProblems, confirmedProblems, enforced, type Problem } from "./budgets";
import { categoriesRuns } from "./categoryLanes";
import {
  calibrationIndex,
  medianFigures,
  openLighthouse,
  type Figures,
  type PerformanceRun,
  type PhoneFigures,
} from "./lighthouse";
import { phone, PHONES, type PhoneId } from "./phones";
import { profileProblems, type Profile } from "./profiles";
import { longTaskRow, row } from "./report";
import { countRuns, stage, started } from "./stages";
import { serveStatic } from "./staticServer";
import { startThirdPartyStub } from "./thirdPartyStub";

export const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/**
 * Performance runs of the bare page with one image, whose low-tier TBT is every row's floor: more
 * than a row's, since every row is judged against its median. Its few tasks sit near the 50 ms
 * line at the low-tier phone's slowdown, so one run's TBT moves a lot (the floor's median of 3
 * read 31 to 199 ms across fresh-clone runs, and every row's ratio moved with it).
 */
export const FLOOR_RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 7);

/**
 * Performance runs of each zero-JS copy. The copy's figure judged against is its LCP, which runs
 * no script: its simulation is the network's, the same for both phones at any host index. Since
 * the browser's own requests are left out of it (bench/browserRequests.ts), the step of a
 * simulated round trip that once made three runs necessary is gone: three runs of each of the 11
 * copies on 2026-12-05 (host readings 1,083 to 2,063) spread by 0 to 18 ms, about 2%, against a
 * budget of 1.15x (bench/findings.md). One run each saves 22 Lighthouse runs of every benchmark.
 */
export const ZERO_JS_RUNS = Number(process.env.BENCH_ZERO_JS_RUNS ?? 1);

/** One page of each template (test/harness/samplePages.ts, the list the tests sample too). */
export const SAMPLE_PAGES: [string, string][] = samplePages().map((p) => [p.name, p.path]);

/** What the runs found, for the table and docs/performance.md (bench/report.ts). */
export interface Findings {
  /** Rows of the table. */
  lines: string[];
  /** Budgets broken (confirmed), and rows that did not measure their visitor. */
  problems: string[];
  /** Budgets broken that do not fail the run yet (bench/budgets.ts, NOT_YET_HELD). */
  open: string[];
  /** Rows measured again because the first median broke a budget. */
  remeasured: string[];
  /** Where each row's low-tier blocking time goes (bench/report.ts `longTaskRow`). */
  longTasks: string[];
}

/** The site measured, and what its rows are judged against (measured earlier in the same run). */
export interface Site {
  site: string;
  lookupUrl: string;
  /**
   * The bare page with one image, per phone: the floor of the JS ratio, and of low-tier TBT
   * audited at the row's calibration index (`at`).
   */
  bareImage: Measured;
  /** Each sample page's zero-JS copy, per phone, by path: the floor of LCP. */
  zeroJs: Map<string, PhoneFigures>;
}

/**
 * A page's figures per phone (the medians), and the same runs audited again for the low-tier
 * phone at another host index (`lowAt`): the bare page with one image at a row's own index, so
 * that the row and its low-tier TBT floor emulate the same phone. The reading of the
 * host's index moves from run to run (bimodal here: about 2,000 or 3,200 on an idle host), and the
 * bare page's low-tier TBT, its tasks near the 50 ms line at that slowdown, moved with it: 50 to
 * 375 ms over the fresh-clone runs, each row's ratio with it (bench/findings.md).
 */
export interface Measured {
  figures: PhoneFigures;
  lowAt: (hostIndex: number) => Promise<Figures>;
}

/**
 * A page's figures per phone: its categories run's (`categories`, or one run here), then `runs`
 * performance runs, each audited with the runs' calibration index (`calibrationIndex`); the median
 * of each figure. No run is repeated or left out because the host was slow: the calibration makes
 * every run describe the same phones.
 */
async function measure(
  lighthouse: Awaited<ReturnType<typeof openLighthouse>>,
  url: string,
  dir: string,
  { categories, runs = RUNS }: { categories?: Figures; runs?: number } = {},
): Promise<Measured> {
  const cats = categories ?? (await lighthouse.categories(url, dir));
  if (!categories) countRuns();
  const gathered: PerformanceRun[] = [];
  for (let i = 0; i < runs; i++) {
    gathered.push(await lighthouse.performance(url, dir));
    countRuns();
  }
  const median = (perf: PhoneFigures[], id: PhoneId) => medianFigures([cats, ...perf.map((r) => r[id])]);
  const index = calibrationIndex(gathered);
  const perf: PhoneFigures[] = [];
  for (const run of gathered) perf.push(await run.audit(index));
  const figures = Object.fromEntries(PHONES.map((p) => [p.id, median(perf, p.id)])) as PhoneFigures;
  const low = new Map<number, Promise<Figures>>([[index, Promise.resolve(figures.low)]]);
  const lowAt = (hostIndex: number) => {
    if (!low.has(hostIndex))
      low.set(
        hostIndex,
        (async () => {
          const again: PhoneFigures[] = [];
          for (const run of gathered) again.push(await run.audit(hostIndex, [phone("low")]));
          return median(again, "low");
        })(),
      );
    return low.get(hostIndex)!;
  };
  return { figures, lowAt };
}

/** The categories runs of `urls`, several at a time (bench/categoryLanes.ts), counted. */
async function categoriesOf(urls: string[], dir: string, chromeFlags?: string[]): Promise<Figures[]> {
  const figures = await categoriesRuns(urls, dir, chromeFlags);
  countRuns(urls.length);
  return figures;
}

/**
 * The bare page and the bare page with one image: one categories run each, then `RUNS`
 * performance runs of the bare page and `FLOOR_RUNS` of the image page (its low-tier TBT is a
 * budget's floor); the image page's figures.
 */
export async function measureBarePages(
  origin: string,
  bareDir: string,
  findings: Findings,
): Promise<Measured> {
  const urls = [`${origin}/`, `${origin}/image`];
  const categories = await categoriesOf(urls, bareDir);
  const lighthouse = await openLighthouse();
  const bare = (await measure(lighthouse, urls[0], bareDir, { categories: categories[0] })).figures;
  const image = await measure(lighthouse, urls[1], bareDir, { categories: categories[1], runs: FLOOR_RUNS });
  for (const p of PHONES)
    findings.lines.push(
      row({ name: "bare page", path: "/", phone: p, f: bare[p.id] }),
      row({ name: "bare page + 1 image", path: "/image", phone: p, f: image.figures[p.id] }),
    );
  findings.longTasks.push(
    longTaskRow({ name: "bare page + 1 image", path: "/image", f: image.figures.low, pageUrl: urls[1] }),
  );
  process.stdout.write(`${findings.lines.join("\n")}\n`);
  return image;
}

/**
 * Each sample page's zero-JS copy (bench/zeroJs.ts), served as the site is: `ZERO_JS_RUNS`
 * performance runs each (their other categories are not judged), per phone.
 */
export async function measureZeroJs(origin: string, dir: string, findings: Findings) {
  const lighthouse = await openLighthouse();
  const out = new Map<string, PhoneFigures>();
  for (const [name, p] of SAMPLE_PAGES) {
    const f = (
      await measure(lighthouse, `${origin}${p}`, dir, {
        categories: NO_CATEGORIES,
        runs: ZERO_JS_RUNS,
      })
    ).figures;
    out.set(p, f);
    for (const phone of PHONES)
      findings.lines.push(row({ name: `${name}, zero-JS copy`, path: p, phone, f: f[phone.id] }));
  }
  return out;
}

/** Figures for a page whose categories are not audited (the zero-JS copies). */
const NO_CATEGORIES: Figures = {
  performance: NaN,
  accessibility: NaN,
  bestPractices: NaN,
  seo: NaN,
  lcpMs: NaN,
  tbtMs: NaN,
  cls: NaN,
  totalBytes: NaN,
  jsGzip: NaN,
  benchmarkIndex: NaN,
  slowdown: NaN,
  failing: [],
  where: { longTasks: [], workByKind: {} },
};

/** One visitor's rows: the categories runs of every template, then the performance runs. */
export async function measureVisitor(profile: Profile, site: Site, findings: Findings) {
  const { lines, problems, remeasured } = findings;
  const lookupHost = new URL(site.lookupUrl).hostname;
  const stub = started(await startThirdPartyStub(profile.country, site.lookupUrl));
  const siteServer = started(await serveStatic(site.site, `127.0.0.1:${stub.port}`));
  try {
    const categories = await stage(`${profile.name}: categories (${SAMPLE_PAGES.length} pages)`, async () => {
      const figures = await categoriesOf(
        SAMPLE_PAGES.map(([, p]) => `${siteServer.url}${p}`),
        site.site,
        stub.chromeFlags,
      );
      // Not a budget: a check that the runs measured the visitor they are labelled with.
      const seen = profileProblems(profile, lookupHost, stub.takeLog(), SAMPLE_PAGES.length);
      problems.push(...seen.map((s) => `categories runs (${profile.name}): ${s}`));
      return figures;
    });
    await stage(`${profile.name}: performance (${SAMPLE_PAGES.length} templates)`, async () => {
      const lighthouse = await openLighthouse(stub.chromeFlags);
      // A second measurement makes its own categories run too.
      const template = async (name: string, p: string, pageCategories?: Figures) => {
        const { figures: f } = await measure(lighthouse, `${siteServer.url}${p}`, site.site, {
          categories: pageCategories,
        });
        const seen = profileProblems(profile, lookupHost, stub.takeLog(), RUNS);
        // The floor at the row's own calibration index: the same phone for both (`Measured`).
        const floor = { ...site.bareImage.figures, low: await site.bareImage.lowAt(f.low.benchmarkIndex) };
        const found = PHONES.flatMap((phone) =>
          budgetProblems(`${name} (${profile.name}), ${phone.name}`, p, phone.id, f[phone.id], {
            jsRatio: f[phone.id].jsGzip / site.bareImage.figures[phone.id].jsGzip,
            bareImage: floor[phone.id],
            zeroJs: site.zeroJs.get(p)![phone.id],
          }),
        );
        return { f, floor, seen, problems: found };
      };
      for (const [i, [name, p]] of SAMPLE_PAGES.entries()) {
        const first = await template(name, p, categories[i]);
        let { f, floor } = first;
        let found: Problem[] = first.problems;
        if (found.some(enforced)) {
          // A broken budget counts only when a second median breaks it too (bench/budgets.ts).
          const firstEnforced = found.filter(enforced);
          process.stdout.write(`(${firstEnforced.map((x) => x.message).join("; ")}: measuring again)\n`);
          const second = await template(name, p);
          ({ f, floor } = second);
          found = [
            ...confirmedProblems(firstEnforced, second.problems.filter(enforced)),
            ...second.problems.filter((x) => !enforced(x)),
          ];
          remeasured.push(
            `${name}, ${profile.name} (first median: ${first.problems.map((x) => x.message).join("; ")})`,
          );
        }
        for (const phone of PHONES) {
          lines.push(
            row({
              name,
              path: p,
              visitor: profile.name,
              phone,
              f: f[phone.id],
              jsRatio: f[phone.id].jsGzip / site.bareImage.figures[phone.id].jsGzip,
              tbtVsBare: f[phone.id].tbtMs / floor[phone.id].tbtMs,
              lcpVsZeroJs: f[phone.id].lcpMs / site.zeroJs.get(p)![phone.id].lcpMs,
            }),
          );
          process.stdout.write(`${lines[lines.length - 1]}\n`);
        }
        findings.longTasks.push(
          longTaskRow({ name, path: p, visitor: profile.name, f: f.low, pageUrl: `${siteServer.url}${p}` }),
        );
        problems.push(...found.filter(enforced).map((x) => x.message));
        findings.open.push(...found.filter((x) => !enforced(x)).map((x) => x.message));
        // Not a budget: a check that the row measured the visitor it is labelled with.
        problems.push(...first.seen.map((s) => `${name} (${profile.name}): ${s}`));
      }
    });
  } finally {
    await siteServer.stop();
    await stub.stop();
  }
}
