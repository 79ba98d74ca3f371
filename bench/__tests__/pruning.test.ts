/** @jest-environment node */
import { keepTasksLongOnThePhone, prunedBelowMs, type GraphArtifact, type LanternGraph } from "../lighthouse";

// What Lighthouse's simulation leaves out of a page's dependency graph (bench/lighthouse.ts): a
// stand-in for Lantern's graph, whose `pruneNode` records what it was asked to prune, and for
// Lighthouse's computed graph, which prunes each task of the trace it is given after a wait (as
// the real one awaits the trace's processing first).
function simulation() {
  const pruned: number[] = [];
  const lantern: LanternGraph = { pruneNode: (node) => void pruned.push(node.duration) };
  const artifact: GraphArtifact = {
    compute_: async (data, context) => {
      const tasksUs = context as number[];
      await new Promise((resolve) => setTimeout(resolve, 5));
      // Lantern asks to prune only tasks under its own 10 ms.
      for (const duration of tasksUs) if (duration < 10_000) lantern.pruneNode({ duration });
      return data;
    },
  };
  keepTasksLongOnThePhone(lantern, artifact);
  const graph = (multiplier: number, tasksUs: number[]) =>
    artifact.compute_({ settings: { throttling: { cpuSlowdownMultiplier: multiplier } } }, tasksUs);
  return { pruned, graph };
}

test("at Lighthouse's default slowdown or less, tasks under 10 ms are left out as Lighthouse does", async () => {
  const { pruned, graph } = simulation();
  await graph(3.7, [2_000, 5_000, 9_900, 12_000]);
  expect(pruned).toEqual([2_000, 5_000, 9_900]);
  expect(prunedBelowMs(4)).toBe(10);
});

test("on the low-tier phone a task long once slowed stays in the simulation", async () => {
  const { pruned, graph } = simulation();
  // At 14x: 2 ms is 28 ms on the phone (left out), 5 ms is 70 ms and 9.9 ms is 139 ms (kept).
  await graph(14, [2_000, 5_000, 9_900]);
  expect(pruned).toEqual([2_000]);
  expect(prunedBelowMs(14) * 14).toBeCloseTo(40);
});

test("two phones' graphs computed at once each prune by their own slowdown", async () => {
  const { pruned, graph } = simulation();
  await Promise.all([graph(14, [5_000]), graph(3.5, [5_001])]);
  expect(pruned).toEqual([5_001]);
});

test("a Lighthouse whose graph no longer has these hooks stops the benchmark", () => {
  expect(() => keepTasksLongOnThePhone({} as LanternGraph, {} as GraphArtifact)).toThrow(
    /page dependency graph changed/,
  );
});
