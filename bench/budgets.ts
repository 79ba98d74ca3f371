import type { Figures } from "./lighthouse";

/**
 * Issue 16's budgets, for both visitor profiles, each on the median of a template's Lighthouse
 * runs. Performance is 1.00 with 0.98 allowed for noise (a score of 0.99 is one slow run's
 * LCP on this machine); the first-load JS ratio is against the bare page with one image.
 *
 * TBT was held at 100 ms while a few rows of most runs landed over 50 ms (ADR 0009: `/contact`,
 * whose first style and layout Chromium's autofill merges into one task). It is issue 16's 50 ms
 * since the sixth session, when every row of two full runs, one of them straight after the
 * browser tests as in CI, came in at 16 ms or less (Chromium 150). A median over 50 ms is
 * measured again like any broken budget (`confirmedProblems`).
 */
export const BUDGET = {
  performance: 0.98,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  cls: 0.01,
  tbtMs: 50,
  jsRatio: 1.25,
  /**
   * An interaction's latency on a 4x slower CPU (bench/interactions.ts): Event Timing's duration,
   * the lazy chunk included for the modal. 150 ms keeps the field's INP "good" (200 ms) on a
   * phone slower than the lab's.
   */
  interactionMs: 150,
};

/**
 * The host speed (Lighthouse's benchmarkIndex, measured at the start of each run) under which a
 * performance run does not count and is repeated. The host's two cores are shared: in quiet
 * stretches it measures 3,500 to 3,900, and dips to 2,100-2,400 come and go within a minute.
 * One fresh-clone CI run failed the 100 ms budget on `/contact` with two medians of 114 and
 * 147 ms taken at 2,252, while the rows around it measured at 3,200-3,500 came in at 11-61 ms.
 * A run on a host that slow describes the host, not the page.
 */
export const HOST_SPEED_FLOOR = 3000;
/** At most this many runs of one page are repeated; after that every run counts, slow or not. */
export const MAX_REPEATS_PER_PAGE = 2;
/**
 * At most this many runs are repeated in a whole benchmark. A host that is slow for minutes (one
 * measured 1,600 to 2,900 for a whole run) gains nothing from repeats, which only took a third
 * longer (a fresh-clone CI run went past 25 minutes); a broken budget is still measured again
 * before it counts (`confirmedProblems`). Since TBT is judged only on rows measured at the floor
 * (`tbtNotJudged`), a repeat on such a host buys little: 8 repeats cost 45 s of a run.
 */
export const MAX_REPEATS_PER_RUN = 3;

/**
 * Whether a performance run counts, given how many runs of its page, and of the whole benchmark,
 * were already repeated.
 */
export const runCounts = (
  f: Pick<Figures, "benchmarkIndex">,
  repeatsOfPage: number,
  repeatsOfRun = 0,
): boolean =>
  !(f.benchmarkIndex < HOST_SPEED_FLOOR) ||
  repeatsOfPage >= MAX_REPEATS_PER_PAGE ||
  repeatsOfRun >= MAX_REPEATS_PER_RUN;

/** Whether a row's TBT went unjudged because its runs' median host speed was under the floor. */
export const tbtNotJudged = (f: Pick<Figures, "benchmarkIndex">): boolean =>
  f.benchmarkIndex < HOST_SPEED_FLOOR;

export type Budget = keyof typeof BUDGET;

export interface Problem {
  budget: Budget;
  /** What broke, e.g. "TBT 130 ms > 50 ms". */
  detail: string;
  /** The same, naming the template: "works index: TBT 130 ms > 50 ms". */
  message: string;
}

export const score = (n: number) => n.toFixed(2);

/**
 * The budgets a template's median figures break; `ratio` is its JS over the bare page's. `name`
 * names the template (and visitor). Failing audits are named, so a broken score says why.
 */
export function budgetProblems(name: string, pagePath: string, f: Figures, ratio: number): Problem[] {
  const out: Problem[] = [];
  const add = (budget: Budget, detail: string) => out.push({ budget, detail, message: `${name}: ${detail}` });
  const why = (category: string) => {
    const audits = f.failing
      .filter((a) => a.startsWith(`${category}: `))
      .map((a) => a.slice(category.length + 2));
    return audits.length ? ` (${audits.join(", ")})` : "";
  };
  if (!(f.performance >= BUDGET.performance))
    add("performance", `performance ${score(f.performance)} < ${BUDGET.performance}`);
  // A category no run audited (NaN) fails its budget: the check was not made.
  if (!(f.accessibility >= BUDGET.accessibility))
    add(
      "accessibility",
      `accessibility ${score(f.accessibility)} < ${BUDGET.accessibility}${why("accessibility")}`,
    );
  if (!(f.bestPractices >= BUDGET.bestPractices))
    add(
      "bestPractices",
      `best practices ${score(f.bestPractices)} < ${BUDGET.bestPractices}${why("best-practices")}`,
    );
  // /new-home is noindex by design, which Lighthouse's SEO category counts against it.
  if (pagePath !== "/new-home" && !(f.seo >= BUDGET.seo))
    add("seo", `SEO ${score(f.seo)} < ${BUDGET.seo}${why("seo")}`);
  if (!(f.cls <= BUDGET.cls)) add("cls", `CLS ${f.cls.toFixed(3)} > ${BUDGET.cls}`);
  // TBT is judged when the row was measured on a host at HOST_SPEED_FLOOR or faster: below it
  // the bare Gatsby page itself measured 64 ms (a fresh-clone run, host speed 2,586), so the
  // figure describes the host (`tbtNotJudged` reports it instead).
  if (!tbtNotJudged(f) && !(f.tbtMs <= BUDGET.tbtMs))
    add("tbtMs", `TBT ${Math.round(f.tbtMs)} ms > ${BUDGET.tbtMs} ms`);
  if (!(ratio <= BUDGET.jsRatio))
    add("jsRatio", `first-load JS ${ratio.toFixed(2)}x the bare page > ${BUDGET.jsRatio}x`);
  return out;
}

/** The interaction budget a median latency breaks (`name` names the interaction). */
export function interactionProblems(name: string, ms: number): Problem[] {
  if (ms <= BUDGET.interactionMs) return [];
  const detail = `interaction ${Math.round(ms)} ms > ${BUDGET.interactionMs} ms`;
  return [{ budget: "interactionMs", detail, message: `${name}: ${detail}` }];
}

/**
 * A broken budget is confirmed by a second median before it counts: on this 2-core machine one
 * median of 3 Lighthouse runs swings by tens of ms of TBT from run to run (ADR 0006). A budget
 * counts as broken when the second median breaks it again; the second median's figures are the
 * ones reported. A regression that holds fails both; noise seldom does.
 */
export function confirmedProblems(first: readonly Problem[], second: readonly Problem[]): Problem[] {
  return second.filter((p) => first.some((f) => f.budget === p.budget));
}

/**
 * Issue 28's budget for the site search: from the moment the index has arrived (or the query's
 * last key was typed, if later) to its results on screen, on a CPU throttled 4x (bench/search.ts).
 */
export const SEARCH_BUDGET = { cpuThrottle: 4, resultsAfterIndexMs: 300 };
