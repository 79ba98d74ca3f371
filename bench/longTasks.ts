/**
 * Where a page's blocking time goes on a phone (issue 38: "a trace per template, long tasks by
 * script and by component"). Every performance run is audited with Lighthouse's `long-tasks`
 * audit too, which lists the tasks of 50 ms or more as its simulation times them on the phone
 * (the same tasks, at thread time, that its TBT is made of: bench/lighthouse.ts), each with the
 * script it is attributed to, and with `mainthread-work-breakdown`, the load's main-thread work by
 * kind on the same phone. (The long-tasks audit's own split of a task by kind is no use under
 * simulation: the simulation times only top-level tasks, so all of a task's time lands in "other".)
 * Here each script is named by the part of the site it carries (`componentOf`), and a row's long
 * tasks are summed by part for docs/performance.md.
 */

/** One long task of a run, as Lighthouse's simulation times it on the phone. */
export interface LongTask {
  /** The script the task is attributed to (the one whose code ran longest), or the page's own URL. */
  url: string;
  durationMs: number;
}

/** Where a run's main-thread time goes on the phone. */
export interface WhereTimeGoes {
  longTasks: LongTask[];
  /** The load's main-thread work by kind (Lighthouse's task groups: `scriptEvaluation`...), in ms. */
  workByKind: Record<string, number>;
}

/** The `long-tasks` audit's debug data: every long task, with its URL by index and its groups. */
interface LongTasksDebugData {
  urls?: string[];
  tasks?: { urlIndex: number; duration: number; startTime: number }[];
}

/** The long tasks of one audited run, from the `long-tasks` audit's details; [] without them. */
export function longTasksOf(details: { debugData?: LongTasksDebugData } | undefined): LongTask[] {
  const urls = details?.debugData?.urls ?? [];
  return (details?.debugData?.tasks ?? []).map((task) => ({
    url: urls[task.urlIndex] ?? "",
    durationMs: task.duration,
  }));
}

/** The load's main-thread work by kind, from `mainthread-work-breakdown`'s items; {} without them. */
export function workByKindOf(
  items: { group?: string; duration?: number }[] | undefined,
): Record<string, number> {
  return Object.fromEntries(
    (items ?? []).filter((i) => i.group && typeof i.duration === "number").map((i) => [i.group, i.duration]),
  );
}

/** Lighthouse's task groups, as the table names them. */
const KINDS: Record<string, string> = {
  scriptEvaluation: "script",
  scriptParseCompile: "compile",
  styleLayout: "style and layout",
  paintCompositeRender: "paint",
  parseHTML: "parse",
  garbageCollection: "GC",
  other: "other",
};

/**
 * The part of the site a script carries, from its file name (Gatsby's and webpack's chunk names,
 * the site's named chunks, Partytown's files and its sandbox page), or "the page" for the
 * document's own work (parsing, style, layout).
 * A task with no URL keeps Lighthouse's attribution: the browser, garbage collection, unattributed.
 */
export function componentOf(url: string, pageUrl: string): string {
  const file = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  // Lighthouse's own names for a task with no URL of its own.
  const unnamed: Record<string, string> = {
    Browser: "the browser",
    "Browser GC": "garbage collection",
    Unattributable: "unattributed",
  };
  if (unnamed[url]) return unnamed[url];
  // Partytown's files, its sandbox page too (its scripts are inline in it, so its tasks carry its URL).
  if (file.includes("/~partytown/")) return "Partytown";
  if (!url || url === pageUrl || !/\.js$/.test(file)) return "the page";
  const name = file.slice(file.lastIndexOf("/") + 1);
  const named: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
    [/^framework-/, "React"],
    [/^app-/, "Gatsby and the layout"],
    [/^webpack-runtime-/, "webpack's runtime"],
    [/^commons-/, "shared components"],
    [/^gatsby-startup-/, "the starter"],
    [/^component---src-templates-(.+)-tsx-/, (m) => `the ${m[1].replace(/-/g, " ")} template`],
    [/^component---src-pages-(.+)-tsx-/, (m) => `the ${m[1]} page`],
    [/^(analytics-tag|consent-banner|consultation-modal|search-dialog|toastify)-/, (m) => m[1]],
  ];
  for (const [pattern, label] of named) {
    const m = name.match(pattern);
    if (m) return typeof label === "string" ? label : label(m);
  }
  return "a shared chunk";
}

/**
 * A row's long tasks, summed by part of the site, longest first: "React 2 (212 ms), the page 1
 * (64 ms)", then its load's work by kind, longest first: "script 180, style and layout 64".
 */
export function longTaskSummary(
  { longTasks, workByKind }: WhereTimeGoes,
  pageUrl: string,
): {
  byPart: string;
  byKind: string;
} {
  const parts = new Map<string, { count: number; ms: number }>();
  for (const task of longTasks) {
    const part = componentOf(task.url, pageUrl);
    const sum = parts.get(part) ?? { count: 0, ms: 0 };
    parts.set(part, { count: sum.count + 1, ms: sum.ms + task.durationMs });
  }
  const byPart = [...parts]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([part, { count, ms }]) => `${part} ${count} (${Math.round(ms)} ms)`)
    .join(", ");
  const byKind = Object.entries(workByKind)
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, ms]) => `${KINDS[kind] ?? kind} ${Math.round(ms)}`)
    .join(", ");
  return { byPart: byPart || "none", byKind };
}
