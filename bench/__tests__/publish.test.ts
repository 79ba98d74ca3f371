/** @jest-environment node */
import { buildSteps, PUBLISH_BUDGET, publishProblems, publishTable, type BuildFigure } from "../publish";

const build = (seconds: number): BuildFigure => ({ seconds, pageSeconds: seconds - 2, steps: [], load: 2 });

test("a warm rebuild after a text change may take at most half the cold build", () => {
  expect(PUBLISH_BUDGET.warmTextOfCold).toBe(0.5);
  expect(publishProblems({ cold: build(200), text: build(100) })).toEqual([]);
  expect(publishProblems({ cold: build(200), text: build(101) })).toEqual([
    "publishing: a warm rebuild after a text change took 101 s, over 50% of the cold build (100 s of 200 s)",
  ]);
});

test("Gatsby's step timings are read from its log, colours and the bench's time stamps aside", () => {
  const log = [
    "[  12.0] [  12.0] \u001b[32msuccess\u001b[39m compile gatsby files - 9.5s",
    "[  80.1] success Building static HTML for pages - 6.432s - 116/116 18.03/s",
    "[  90.0] info bootstrap finished - 64.377s",
    "success run queries in workers - 1.288s - 99/99 76.85/s",
    "success run queries in workers - 0.712s - 2/2",
  ].join("\n");
  expect(buildSteps(log)).toEqual([
    { step: "compile gatsby files", seconds: 9.5 },
    { step: "Building static HTML for pages", seconds: 6.432 },
    { step: "run queries in workers", seconds: 2 },
  ]);
});

test("the table has a row a build, with its share of the cold build", () => {
  const table = publishTable({ cold: build(200), text: build(90), image: build(110) });
  expect(table.split("\n")).toHaveLength(5);
  expect(table).toContain("| warm, after a text change | 90 s | 88 s | 0.45x | 2.0 |");
  expect(table).toContain("| warm, after an image is replaced | 110 s | 108 s | 0.55x | 2.0 |");
});
