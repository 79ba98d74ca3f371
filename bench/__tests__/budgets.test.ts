import {
  budgetProblems,
  confirmedProblems,
  HOST_SPEED_FLOOR,
  interactionProblems,
  MAX_REPEATS_PER_PAGE,
  MAX_REPEATS_PER_RUN,
  runCounts,
  tbtNotJudged,
} from "../budgets";
import type { Figures } from "../lighthouse";

const good: Figures = {
  performance: 1,
  accessibility: 1,
  bestPractices: 1,
  seo: 1,
  lcpMs: 1800,
  tbtMs: 30,
  cls: 0,
  totalBytes: 400_000,
  jsGzip: 110_000,
  benchmarkIndex: 3600,
  failing: [],
};

test("figures within every budget break none", () => {
  expect(budgetProblems("home", "/", good, 1.2)).toEqual([]);
  // 0.98 is allowed for noise, 1.25x and 50 ms and 0.01 are limits, not breaks.
  expect(budgetProblems("home", "/", { ...good, performance: 0.98, tbtMs: 50, cls: 0.01 }, 1.25)).toEqual([]);
});

test("each broken budget is named with the template, the figure and the limit", () => {
  const bad = {
    ...good,
    performance: 0.97,
    accessibility: 0.98,
    bestPractices: 0.96,
    seo: 0.92,
    cls: 0.011,
    tbtMs: 51,
  };
  expect(budgetProblems("works index", "/works", bad, 1.26).map((p) => p.message)).toEqual([
    "works index: performance 0.97 < 0.98",
    "works index: accessibility 0.98 < 1",
    "works index: best practices 0.96 < 1",
    "works index: SEO 0.92 < 1",
    "works index: CLS 0.011 > 0.01",
    "works index: TBT 51 ms > 50 ms",
    "works index: first-load JS 1.26x the bare page > 1.25x",
  ]);
});

test("a broken score names the audits that failed in its category", () => {
  const bad = {
    ...good,
    bestPractices: 0.96,
    failing: ["best-practices: errors-in-console", "seo: hreflang"],
  };
  expect(budgetProblems("home", "/", bad, 1.2).map((p) => p.detail)).toEqual([
    "best practices 0.96 < 1 (errors-in-console)",
  ]);
});

test("a category no run audited breaks its budget rather than passing unchecked", () => {
  const unaudited = { ...good, accessibility: NaN, bestPractices: NaN, seo: NaN };
  expect(budgetProblems("home", "/", unaudited, 1.2).map((p) => p.budget)).toEqual([
    "accessibility",
    "bestPractices",
    "seo",
  ]);
});

test("/new-home may score below 1 for SEO (it is noindex), no other page may", () => {
  expect(budgetProblems("new-home", "/new-home", { ...good, seo: 0.69 }, 1.2)).toEqual([]);
  expect(budgetProblems("home", "/", { ...good, seo: 0.69 }, 1.2)).toHaveLength(1);
});

test("a budget counts as broken only when the second median breaks it too", () => {
  const first = budgetProblems("contact", "/contact", { ...good, tbtMs: 140, cls: 0.03 }, 1.2);
  const noise = budgetProblems("contact", "/contact", { ...good, tbtMs: 40, cls: 0.03 }, 1.2);
  expect(confirmedProblems(first, noise).map((p) => p.detail)).toEqual(["CLS 0.030 > 0.01"]);
  const held = budgetProblems("contact", "/contact", { ...good, tbtMs: 130 }, 1.2);
  expect(confirmedProblems(first, held).map((p) => p.detail)).toEqual(["TBT 130 ms > 50 ms"]);
  // A budget the first median kept is not judged on the second one alone.
  const other = budgetProblems("contact", "/contact", { ...good, performance: 0.9 }, 1.2);
  expect(confirmedProblems(first, other)).toEqual([]);
});

test("an interaction over 150 ms breaks its budget, named, and only when the second median is over too", () => {
  expect(interactionProblems("Services mega menu", 150)).toEqual([]);
  const first = interactionProblems("Services mega menu", 180);
  expect(first.map((p) => p.message)).toEqual(["Services mega menu: interaction 180 ms > 150 ms"]);
  expect(confirmedProblems(first, interactionProblems("Services mega menu", 120))).toEqual([]);
  expect(
    confirmedProblems(first, interactionProblems("Services mega menu", 160)).map((p) => p.detail),
  ).toEqual(["interaction 160 ms > 150 ms"]);
});

test("a run on a host slower than the floor is repeated; a page's repeats and the whole run's are limited", () => {
  expect(runCounts({ benchmarkIndex: HOST_SPEED_FLOOR }, 0)).toBe(true);
  expect(runCounts({ benchmarkIndex: 2252 }, 0)).toBe(false);
  expect(runCounts({ benchmarkIndex: 2252 }, MAX_REPEATS_PER_PAGE - 1)).toBe(false);
  // Once the page has used its repeats, a slow run counts: the benchmark always ends.
  expect(runCounts({ benchmarkIndex: 2252 }, MAX_REPEATS_PER_PAGE)).toBe(true);
  // A run that reported no host speed is not held back.
  expect(runCounts({ benchmarkIndex: NaN }, 0)).toBe(true);
  // Once the whole benchmark has used its repeats, a slow host's runs count as they come.
  expect(runCounts({ benchmarkIndex: 2252 }, 0, MAX_REPEATS_PER_RUN - 1)).toBe(false);
  expect(runCounts({ benchmarkIndex: 2252 }, 0, MAX_REPEATS_PER_RUN)).toBe(true);
});

test("TBT is judged on a host at the speed floor or faster; on a slower one it describes the host", () => {
  const slow = { ...good, tbtMs: 131, benchmarkIndex: HOST_SPEED_FLOOR - 1 };
  expect(tbtNotJudged(slow)).toBe(true);
  expect(budgetProblems("new-home", "/new-home", slow, 1.01).map((p) => p.budget)).toEqual([]);
  const fast = { ...slow, benchmarkIndex: HOST_SPEED_FLOOR };
  expect(budgetProblems("new-home", "/new-home", fast, 1.01).map((p) => p.detail)).toEqual([
    "TBT 131 ms > 50 ms",
  ]);
  // The other budgets hold on any host.
  expect(budgetProblems("new-home", "/new-home", { ...slow, cls: 0.2 }, 1.3).map((p) => p.budget)).toEqual([
    "cls",
    "jsRatio",
  ]);
});
