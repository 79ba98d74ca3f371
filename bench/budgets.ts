import type { Figures } from "./lighthouse";

/** Issue 6's budgets, each for the median of a template's Lighthouse runs. */
export const BUDGET = {
  performance: 0.95,
  accessibility: 1,
  bestPractices: 0.95,
  seo: 1,
  cls: 0.02,
  tbtMs: 100,
  jsRatio: 1.35,
};

export type Budget = keyof typeof BUDGET;

export interface Problem {
  budget: Budget;
  /** What broke, e.g. "TBT 130 ms > 100 ms". */
  detail: string;
  /** The same, naming the template: "works index: TBT 130 ms > 100 ms". */
  message: string;
}

export const score = (n: number) => n.toFixed(2);

/** The budgets a template's median figures break; `ratio` is its JS over the bare page's. */
export function budgetProblems(name: string, pagePath: string, f: Figures, ratio: number): Problem[] {
  const out: Problem[] = [];
  const add = (budget: Budget, detail: string) => out.push({ budget, detail, message: `${name}: ${detail}` });
  if (f.performance < BUDGET.performance)
    add("performance", `performance ${score(f.performance)} < ${BUDGET.performance}`);
  if (f.accessibility < BUDGET.accessibility)
    add("accessibility", `accessibility ${score(f.accessibility)} < ${BUDGET.accessibility}`);
  if (f.bestPractices < BUDGET.bestPractices)
    add("bestPractices", `best practices ${score(f.bestPractices)} < ${BUDGET.bestPractices}`);
  // /new-home is noindex by design, which Lighthouse's SEO category counts against it.
  if (pagePath !== "/new-home" && f.seo < BUDGET.seo) add("seo", `SEO ${score(f.seo)} < ${BUDGET.seo}`);
  if (f.cls > BUDGET.cls) add("cls", `CLS ${f.cls.toFixed(3)} > ${BUDGET.cls}`);
  if (f.tbtMs > BUDGET.tbtMs) add("tbtMs", `TBT ${Math.round(f.tbtMs)} ms > ${BUDGET.tbtMs} ms`);
  if (ratio > BUDGET.jsRatio)
    add("jsRatio", `first-load JS ${ratio.toFixed(2)}x the bare page > ${BUDGET.jsRatio}x`);
  return out;
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
