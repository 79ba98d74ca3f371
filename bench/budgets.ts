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
  // Low-tier TBT against the bare page with one image: that floor moved from 204 to 45 ms between
  // two fresh clones of the same site on one host while the rows stayed at 24 to 190 ms, so the
  // ratio followed the floor (0.11 to 0.82x, then 1.48 to 3.79x; bench/findings.md, "The low-tier
  // TBT floor moves more than the pages it judges"). Until 2026-12-06 Lighthouse's simulation left
  // out tasks under 10 ms of host time, up to 140 ms on this phone; now only tasks under 40 ms once
  // slowed are (`prunedBelowMs` in bench/lighthouse.ts), so the documents' own tasks count, and so
  // do React's hydration slices, which a phone would not have; each run since has had none to three
  // rows over (bench/findings.md, "Tasks the simulation left out on the low-tier phone"). In the
  // fresh clone of 98b59df (2026-12-07) the two over were both `/works` rows, the two audited at
  // the lowest readings (8.1 and 9.4x): 556 and 631 ms against floors of 289 and 378, where the
  // rows at 11 to 12.7x had floors of 530 to 790 ms and held (0.76 to 1.43x). In that of db0f54e,
  // the one over was again `/works` at the run's lowest reading: 448 ms against 268 at 8.7x, where
  // the same page for the other visitor, at 13.0x, read 709 against 648 (1.10x). In that of
  // 4a9e44b every row held (0.51 to 1.12x). In that of d3087d2 (the start in two tasks) the one
  // over was `/works/humm` for the visitor from outside, at a high reading this time: 945 ms
  // against 527 at 12.3x (1.79x); the others 0.78 to 1.47x. In those of 1fcabf2 and aa8a779 every
  // row held (0.46 to 0.99x, then 0.55 to 1.33x): two runs in a row, too few to enforce it on:
  // in that of b5043b3 both `/works` rows were over again (812 and 923 ms, 1.51 and 1.52x), and in
  // that of 3e7a1b7 three rows for the visitor from outside, against floors of 503 to 536 ms:
  // `/works/humm` 817 (1.52x), `/contact` 823 (1.64x), `/works` 912 (1.81x).
  { budget: "tbt", phone: "low" },
  // Low-tier interactions: 113 to 216 ms in three fresh clones of 2026-12-03 and 04 on hosts
  // reading 2,000 to 3,000; 163 to 254 ms in that of e46671b, on a host reading 2,950 to 3,000
  // (11.2 to 11.4x): the consultation dialog 254, the phone menu 220, its submenu 239, the search
  // 205 (246 before its own worker, bench/findings.md). Measured at a phone's width (375 px, a
  // tap) instead of 1280 px, the consultation dialog and the search took as long. In that of
  // 6a400bc (a first tap no longer sets the deferred parts hydrating ahead of its frame), on a
  // host reading 1,840 to 2,760 for these runs: the search held (198), the phone menu 202, its
  // submenu 208, the `/works` filter 225 and 261, the consultation dialog 363 (the host's threads
  // 36 to 37 ms in two of its runs, 20 to 26 in the clones before). In that of daf7b73: the
  // mega menu 282, the consultation dialog 280, the phone menu 306, the `/works` filter 213. In
  // that of 98b59df (a worker's work beside a main-thread task counted once, which took 4 to 6 ms
  // of the host's time off the search): the search held (154, but at 7.1x; about 200 to 235 at
  // the 10x of the other rows), the mega menu 202, the consultation dialog 291, the phone menu
  // 235, its submenu 225, the `/works` filter 287 and 236. In that of db0f54e (10.6 to 11.2x): the
  // consultation dialog 248, the phone menu 210, its submenu 202, the `/works` filter 216. In that
  // of 4a9e44b: the consultation dialog 256, the phone menu 212, the search 205. In that of
  // d3087d2: the consultation dialog 301, the phone menu 212, the `/works` filter 230 and 226,
  // the search 221. In that of 1fcabf2: the mega menu 245, the consultation dialog 260, the phone
  // menu 207, the `/works` filter 217. In that of aa8a779: the consultation dialog 274, the phone
  // menu 229, the `/works` filter 225. In that of b5043b3: the consultation dialog 277, the phone
  // menu 214, the `/works` filter 225 and 219. In that of 3e7a1b7: the mega menu 236, the
  // consultation dialog 244, the `/works` filter's way back 222, the search 218.
  { budget: "interaction", phone: "low" },
  // Every mid-tier budget is enforced: the search's first results, the last to join (2026-12-04),
  // held in six fresh clones in a row, medians of 72 to 83 ms (single runs up to 87) on hosts
  // reading 1,600 to 3,000. Mid-tier TBT broke in CI once (fd6bda4: the home page, 51 ms in both
  // medians); since the start runs in two tasks (gatsby-browser.tsx) the rows read 0 to 41 ms (0
  // to 16, 0 to 11, 0 to 17 and 0 to 22 in the four clones after it).
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
