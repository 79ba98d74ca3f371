import { budgetProblems, confirmedProblems } from "../budgets";
import type { Figures } from "../lighthouse";

const good: Figures = {
  performance: 0.99,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  lcpMs: 1800,
  tbtMs: 60,
  cls: 0,
  totalBytes: 400_000,
  jsGzip: 110_000,
};

test("figures within every budget break none", () => {
  expect(budgetProblems("home", "/", good, 1.2)).toEqual([]);
});

test("each broken budget is named with the template, the figure and the limit", () => {
  const bad = { ...good, performance: 0.9, accessibility: 0.98, seo: 0.92, cls: 0.05, tbtMs: 131 };
  expect(budgetProblems("works index", "/works", bad, 1.4).map((p) => p.message)).toEqual([
    "works index: performance 0.90 < 0.95",
    "works index: accessibility 0.98 < 1",
    "works index: SEO 0.92 < 1",
    "works index: CLS 0.050 > 0.02",
    "works index: TBT 131 ms > 100 ms",
    "works index: first-load JS 1.40x the bare page > 1.35x",
  ]);
});

test("/new-home may score below 1 for SEO (it is noindex), no other page may", () => {
  expect(budgetProblems("new-home", "/new-home", { ...good, seo: 0.69 }, 1.2)).toEqual([]);
  expect(budgetProblems("home", "/", { ...good, seo: 0.69 }, 1.2)).toHaveLength(1);
});

test("a budget counts as broken only when the second median breaks it too", () => {
  const first = budgetProblems("contact", "/contact", { ...good, tbtMs: 120, cls: 0.03 }, 1.2);
  const noise = budgetProblems("contact", "/contact", { ...good, tbtMs: 80, cls: 0.03 }, 1.2);
  expect(confirmedProblems(first, noise).map((p) => p.detail)).toEqual(["CLS 0.030 > 0.02"]);
  const held = budgetProblems("contact", "/contact", { ...good, tbtMs: 125 }, 1.2);
  expect(confirmedProblems(first, held).map((p) => p.detail)).toEqual(["TBT 125 ms > 100 ms"]);
  // A budget the first median kept is not judged on the second one alone.
  const other = budgetProblems("contact", "/contact", { ...good, performance: 0.9 }, 1.2);
  expect(confirmedProblems(first, other)).toEqual([]);
});
