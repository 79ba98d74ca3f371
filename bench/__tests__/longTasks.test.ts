import { componentOf, longTaskSummary, longTasksOf, workByKindOf } from "../longTasks";

const page = "http://127.0.0.1:4000/works";
const at = (file: string) => `http://127.0.0.1:4000/${file}`;

test("each script is named by the part of the site it carries", () => {
  expect(componentOf(at("framework-0d8366cc4dc021b8eb5c.js"), page)).toBe("React");
  expect(componentOf(at("app-c25d15e472a34c255231.js"), page)).toBe("Gatsby and the layout");
  expect(componentOf(at("component---src-templates-works-index-tsx-60d4896f.js"), page)).toBe(
    "the works index template",
  );
  expect(componentOf(at("consultation-modal-8d6085b571bfc8d43195.js"), page)).toBe("consultation-modal");
  expect(componentOf(at("static/gatsby-startup-034c620aa9067080d8fe.js"), page)).toBe("the starter");
  expect(componentOf(at("~partytown/partytown-sw.js"), page)).toBe("Partytown");
  // Partytown's sandbox is a page of its own, whose scripts are inline: its tasks are Partytown's.
  expect(componentOf(at("~partytown/partytown-sandbox-sw.html?1796431176201"), page)).toBe("Partytown");
  expect(componentOf(at("452-2bec84b9ef4f9106de50.js"), page)).toBe("a shared chunk");
  // The document's own work (parsing, style and layout) is the page's.
  expect(componentOf(page, page)).toBe("the page");
  expect(componentOf("", page)).toBe("the page");
  // Lighthouse's names for a task without a URL are kept, in words.
  expect(componentOf("Browser GC", page)).toBe("garbage collection");
  expect(componentOf("Unattributable", page)).toBe("unattributed");
});

test("a run's long tasks come from the audit's debug data, each with its script", () => {
  const tasks = longTasksOf({
    debugData: {
      urls: [at("framework-0d8366cc4dc021b8eb5c.js"), page],
      tasks: [
        { urlIndex: 0, startTime: 900, duration: 120 },
        { urlIndex: 1, startTime: 1400, duration: 64 },
      ],
    },
  });
  expect(tasks).toEqual([
    { url: at("framework-0d8366cc4dc021b8eb5c.js"), durationMs: 120 },
    { url: page, durationMs: 64 },
  ]);
  expect(longTasksOf(undefined)).toEqual([]);
  expect(workByKindOf([{ group: "scriptEvaluation", duration: 310.5 }, { group: "other" }])).toEqual({
    scriptEvaluation: 310.5,
  });
});

test("a row's long tasks are summed by part of the site, and its work by kind, longest first", () => {
  const summary = longTaskSummary(
    {
      longTasks: [
        { url: at("framework-0d8366cc4dc021b8eb5c.js"), durationMs: 120 },
        { url: page, durationMs: 64 },
        { url: at("framework-0d8366cc4dc021b8eb5c.js"), durationMs: 92 },
      ],
      workByKind: { styleLayout: 60, scriptEvaluation: 192, other: 24, garbageCollection: 0.4 },
    },
    page,
  );
  expect(summary).toEqual({
    byPart: "React 2 (212 ms), the page 1 (64 ms)",
    byKind: "script 192, style and layout 60, other 24",
  });
  expect(longTaskSummary({ longTasks: [], workByKind: {} }, page)).toEqual({ byPart: "none", byKind: "" });
});
