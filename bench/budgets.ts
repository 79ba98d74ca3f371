import type { Figures } from "./lighthouse";
import type { PhoneId } from "./phones";

/**
 * The budgets, for both visitors on one page of each template, each on the median of the page's
 * runs, per phone (bench/phones.ts: each figure is computed for a mid-tier and a low-tier phone
 * by calibration, whatever the host). ADR 0017 gives the reasons; issue 38 set them.
 *
 * - Phone-independent: accessibility, best practices and SEO 1.00, CLS <= 0.01, first-load JS
 *   at most 1.25x the bare Gatsby page with one image (every template shows images).
 * - Mid-tier phone: performance >= 0.98 (0.98 allowed for noise), TBT <= 50 ms, every key
 *   interaction <= 100 ms.
 * - Low-tier phone: TBT at most 1.5x the bare page with one image's, measured in the same run (a
 *   fixed figure would judge the framework, which costs the bare page 400-700 ms on that phone),
 *   every key interaction <= 200 ms (INP's "good", on the slowest phone).
 * - Both phones: LCP at most 1.15x the page's zero-JS copy's (its built HTML without scripts,
 *   served the same way, in the same run): what the scripts cost the visitor's first view.
 */
export const BUDGET = {
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  cls: 0.01,
  jsRatio: 1.25,
  lcpVsZeroJs: 1.15,
  mid: { performance: 0.98, tbtMs: 50, interactionMs: 100 },
  low: { tbtVsBareImage: 1.5, interactionMs: 200 },
} as const;

export type Budget =
  | "accessibility"
  | "bestPractices"
  | "seo"
  | "cls"
  | "jsRatio"
  | "lcpVsZeroJs"
  | "performance"
  | "tbt"
  | "interaction";

export interface Problem {
  budget: Budget;
  /** What broke, e.g. "TBT 130 ms > 50 ms". */
  detail: string;
  /** The same, naming the template and phone: "works index, low-tier phone: TBT ...". */
  message: string;
  /** The phone whose figures broke it (none for the page-wide budgets). */
  phone?: PhoneId;
}

/**
 * Budgets issue 38 set that the site does not hold on every run yet (docs/performance.md, ADR
 * 0017): measured, printed and listed in docs/performance.md on every run, never measured again,
 * and not failing the run, until that work is done. Every other budget fails the run. Remove an
 * entry as soon as the budget holds: this list is the open part of issue 38, nothing else.
 */
export const NOT_YET_HELD: readonly { budget: Budget; phone?: PhoneId }[] = [
  // Low-tier TBT against the bare page with one image. That floor moves more than the pages it
  // judges: 204 and then 45 ms in two fresh clones of the same site on one host, while the rows
  // stayed at 24 to 190 ms (bench/findings.md, "The low-tier TBT floor moves more than the pages it
  // judges"). Lighthouse's simulation now counts tasks from 40 ms once slowed (`prunedBelowMs` in
  // bench/lighthouse.ts), React's hydration slices among them, which a phone's own scheduler would
  // cut at 5 ms (bench/findings.md, "Tasks the simulation left out on the low-tier phone"). Since
  // then each fresh clone has had none to three of the 22 rows over, mostly `/works` and
  // `/works/humm`, at 1.5 to 1.9x; runs with none over are followed by runs with some, so it is not
  // enforced.
  { budget: "tbt", phone: "low" },
  // Low-tier interactions: two to six of the seven over 200 ms in each fresh clone of the slow host
  // (reading 2,000 to 3,500), at 202 to 363 ms, the consultation dialog usually the highest (244 to
  // 301 in the last six); on a quiet host only the consultation dialog was over. What is left in
  // them is the engine's input dispatch, style, layout and paint of a dialog or a panel, which the
  // calibration by a JavaScript benchmark does not wholly take out of a slow host's figures
  // (bench/findings.md, "What is left in the interactions still over their budget").
  { budget: "interaction", phone: "low" },
  // Every mid-tier budget is enforced, the search's first results the last to join (2026-12-04).
  // Mid-tier TBT broke in CI once (fd6bda4: the home page, 51 ms in both medians); since the start
  // runs in two tasks (gatsby-browser.tsx) the rows read 0 to 41 ms.
  //
  // Each fresh clone's figures, run by run: docs/testing.md, "How long CI takes".
];

/** Whether a broken budget fails the run (see NOT_YET_HELD). */
export const enforced = (p: Problem): boolean =>
  !NOT_YET_HELD.some((o) => o.budget === p.budget && (o.phone === undefined || o.phone === p.phone));

export const score = (n: number) => n.toFixed(2);

/** What a row is judged against, measured in the same run. */
export interface Baselines {
  /** First-load JS over the bare page with one image's. */
  jsRatio: number;
  /** The bare page with one image, on the same phone (its TBT is the low-tier floor). */
  bareImage: Pick<Figures, "tbtMs">;
  /** The page's zero-JS copy, on the same phone (its LCP is the floor). */
  zeroJs: Pick<Figures, "lcpMs">;
}

/** The budgets that do not depend on the phone: judged once per page and visitor. */
function pageProblems(pagePath: string, f: Figures, jsRatio: number): [Budget, string][] {
  const out: [Budget, string][] = [];
  const why = (category: string) => {
    const audits = f.failing
      .filter((a) => a.startsWith(`${category}: `))
      .map((a) => a.slice(category.length + 2));
    return audits.length ? ` (${audits.join(", ")})` : "";
  };
  // A category no run audited (NaN) fails its budget: the check was not made.
  if (!(f.accessibility >= BUDGET.accessibility))
    out.push([
      "accessibility",
      `accessibility ${score(f.accessibility)} < ${BUDGET.accessibility}${why("accessibility")}`,
    ]);
  if (!(f.bestPractices >= BUDGET.bestPractices))
    out.push([
      "bestPractices",
      `best practices ${score(f.bestPractices)} < ${BUDGET.bestPractices}${why("best-practices")}`,
    ]);
  // /new-home is noindex by design, which Lighthouse's SEO category counts against it.
  if (pagePath !== "/new-home" && !(f.seo >= BUDGET.seo))
    out.push(["seo", `SEO ${score(f.seo)} < ${BUDGET.seo}${why("seo")}`]);
  if (!(f.cls <= BUDGET.cls)) out.push(["cls", `CLS ${f.cls.toFixed(3)} > ${BUDGET.cls}`]);
  if (!(jsRatio <= BUDGET.jsRatio))
    out.push(["jsRatio", `first-load JS ${jsRatio.toFixed(2)}x the bare page > ${BUDGET.jsRatio}x`]);
  return out;
}

/**
 * The budgets a template's median figures on one phone break. `name` names the template (and
 * visitor); the page-wide budgets are judged with the mid-tier phone's row.
 */
export function budgetProblems(
  name: string,
  pagePath: string,
  phone: PhoneId,
  f: Figures,
  base: Baselines,
): Problem[] {
  const found: [Budget, string][] = phone === "mid" ? pageProblems(pagePath, f, base.jsRatio) : [];
  if (phone === "mid") {
    if (!(f.performance >= BUDGET.mid.performance))
      found.push(["performance", `performance ${score(f.performance)} < ${BUDGET.mid.performance}`]);
    if (!(f.tbtMs <= BUDGET.mid.tbtMs))
      found.push(["tbt", `TBT ${Math.round(f.tbtMs)} ms > ${BUDGET.mid.tbtMs} ms`]);
  } else {
    const limit = base.bareImage.tbtMs * BUDGET.low.tbtVsBareImage;
    if (!(f.tbtMs <= limit))
      found.push([
        "tbt",
        `TBT ${Math.round(f.tbtMs)} ms > ${BUDGET.low.tbtVsBareImage}x the bare page with one image's ${Math.round(base.bareImage.tbtMs)} ms`,
      ]);
  }
  const lcpRatio = f.lcpMs / base.zeroJs.lcpMs;
  if (!(lcpRatio <= BUDGET.lcpVsZeroJs))
    found.push([
      "lcpVsZeroJs",
      `LCP ${Math.round(f.lcpMs)} ms is ${lcpRatio.toFixed(2)}x the zero-JS copy's ${Math.round(base.zeroJs.lcpMs)} ms > ${BUDGET.lcpVsZeroJs}x`,
    ]);
  return found.map(([budget, detail]) => ({ budget, detail, message: `${name}: ${detail}`, phone }));
}

/** The interaction budget a median latency on `phone` breaks (`name` names the interaction). */
export function interactionProblems(name: string, phone: PhoneId, ms: number): Problem[] {
  const limit = BUDGET[phone].interactionMs;
  if (ms <= limit) return [];
  const detail = `interaction ${Math.round(ms)} ms > ${limit} ms`;
  return [{ budget: "interaction", detail, message: `${name}: ${detail}`, phone }];
}

/**
 * A broken budget is confirmed by a second median before it counts: on a 2-core host one median
 * of 3 runs still moves by tens of ms of TBT between runs at the same calibration (ADR 0006). A
 * budget counts as broken when the second median breaks it again; the second median's figures
 * are the ones reported. A regression that holds fails both; noise seldom does.
 */
export function confirmedProblems(first: readonly Problem[], second: readonly Problem[]): Problem[] {
  return second.filter((p) => first.some((f) => f.budget === p.budget));
}

/**
 * Issue 28's budget for the site search: from the moment the index has arrived (or the query's
 * last key was typed, if later) to its results on screen (bench/search.ts), on each phone.
 */
export const SEARCH_BUDGET = { resultsAfterIndexMs: { mid: 300, low: 600 } } as const;
