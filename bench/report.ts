/**
 * The benchmark's report: a row of its table, and docs/performance.md, rewritten by every run of
 * `npm run bench` (bench/run.ts measures; this writes what it measured and how).
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "../test/harness/chromium";
import { BUDGET, score } from "./budgets";
import type { GrowthFigures } from "./growth";
import type { Figures } from "./lighthouse";
import { PRESENTATION_MS, type InteractionRun } from "./interactions";
import { longTaskSummary } from "./longTasks";
import { calibrationLabel, PHONES, type Phone } from "./phones";

const root = path.resolve(__dirname, "..");

const COLUMNS = [
  "Template",
  "Page",
  "Visitor",
  "Phone",
  "Perf",
  "A11y",
  "Best pr.",
  "SEO",
  "LCP",
  "LCP vs zero-JS",
  "TBT",
  "TBT vs bare+image",
  "CLS",
  "Total bytes",
  "First-load JS (gzip)",
  "JS vs bare+image",
  "Host index, CPU slowdown",
  "Interaction",
];
export const TABLE_HEADER = `| ${COLUMNS.join(" | ")} |\n|${"---|".repeat(COLUMNS.length)}`;

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const cell = (n: number, text: (n: number) => string) => (Number.isNaN(n) ? "" : text(n));
const ms = (n: number) => cell(n, (v) => `${Math.round(v)} ms`);
const times = (n?: number) => (n === undefined ? "" : cell(n, (v) => `${v.toFixed(2)}x`));

export interface RowFigures {
  name: string;
  path: string;
  visitor?: string;
  phone: Phone;
  f: Figures;
  jsRatio?: number;
  tbtVsBare?: number;
  lcpVsZeroJs?: number;
}

/** A row of the table: one page, visitor and phone. */
export function row({
  name,
  path: p,
  visitor = "",
  phone,
  f,
  jsRatio,
  tbtVsBare,
  lcpVsZeroJs,
}: RowFigures): string {
  const calibration = Number.isNaN(f.benchmarkIndex)
    ? ""
    : calibrationLabel({ hostIndex: f.benchmarkIndex, slowdown: f.slowdown });
  return `| ${[
    name,
    `\`${p}\``,
    visitor,
    phone.name,
    cell(f.performance, score),
    cell(f.accessibility, score),
    cell(f.bestPractices, score),
    cell(f.seo, score),
    ms(f.lcpMs),
    times(lcpVsZeroJs),
    ms(f.tbtMs),
    times(tbtVsBare),
    cell(f.cls, (v) => v.toFixed(3)),
    cell(f.totalBytes, kb),
    cell(f.jsGzip, kb),
    times(jsRatio),
    calibration,
    "",
  ].join(" | ")} |`;
}

/**
 * A row of the table for an interaction on one phone: the median and each run (its time on the
 * host, to the commit, and its page threads' running and waiting time in brackets), with the
 * calibration they were computed at.
 */
export function interactionRow(
  name: string,
  p: string,
  visitor: string,
  phone: Phone,
  runs: InteractionRun[],
  medianMs: number,
): string {
  const blanks = Array.from({ length: COLUMNS.length - 6 }, () => "");
  return `| ${[
    `interaction: ${name}`,
    `\`${p}\``,
    visitor,
    phone.name,
    ...blanks,
    calibrationLabel(runs[0].calibration),
    `${medianMs} ms (${runs.map((r) => `${Math.round(r.ms)}: host ${Math.round(r.hostMs)}, committed ${Math.round(r.committedMs)}, running ${r.runningMs.toFixed(1)}, waiting ${r.waitingMs.toFixed(1)}`).join("; ")})`,
  ].join(" | ")} |`;
}

/** The long-task table's header (`longTaskRow`). */
const LONG_TASK_HEADER = `| Template | Page | Visitor | TBT | Long tasks by part of the site: how many (their time) | The load's main-thread work by kind (ms) |
|---|---|---|---|---|---|`;

/**
 * Where a row's low-tier blocking time goes: its long tasks on that phone (the run whose TBT is
 * the median), by the part of the site whose script they ran and by kind of work
 * (bench/longTasks.ts).
 */
export function longTaskRow({
  name,
  path: p,
  visitor = "",
  f,
  pageUrl,
}: {
  name: string;
  path: string;
  visitor?: string;
  f: Figures;
  pageUrl: string;
}): string {
  const { byPart, byKind } = longTaskSummary(f.where, pageUrl);
  return `| ${name} | \`${p}\` | ${visitor} | ${Math.round(f.tbtMs)} ms | ${byPart} | ${byKind} |`;
}

/** What a run measured, for docs/performance.md. */
export interface BenchReport {
  /** Performance runs per page and visitor. */
  runs: number;
  /** Performance runs of the bare page with one image (every row's low-tier TBT floor). */
  floorRuns: number;
  /** Performance runs of each zero-JS copy (bench/visitors.ts, `ZERO_JS_RUNS`). */
  zeroJsRuns: number;
  /** The table: TABLE_HEADER and one row per page, visitor and phone, and per interaction. */
  table: string;
  growth?: GrowthFigures;
  /** Extra sections (publishing time, headers size...), each Markdown with its own heading. */
  sections?: string[];
  siteBuildSeconds?: number;
  problems: string[];
  /** Budgets broken that do not fail the run yet (bench/budgets.ts, NOT_YET_HELD). */
  open?: string[];
  /** Rows measured again because the first median broke a budget. */
  remeasured: string[];
  /** Where each row's low-tier blocking time goes (`longTaskRow`). */
  longTasks?: string[];
  stageTable: string;
  search?: string;
}

const phoneList = () =>
  PHONES.map((p) => `${p.name} (${p.like}, \`benchmarkIndex\` ${p.benchmarkIndex})`).join(" and ");

export function writePerformanceDoc(
  file: string,
  {
    runs: RUNS,
    floorRuns: FLOOR_RUNS,
    zeroJsRuns: ZERO_JS_RUNS,
    table,
    growth,
    sections = [],
    siteBuildSeconds: siteBuild,
    problems,
    open = [],
    remeasured,
    longTasks = [],
    stageTable,
    search,
  }: BenchReport,
): void {
  const date = new Date().toISOString().slice(0, 10);
  const text = `# Performance

Measured by \`npm run bench\` on ${date}, for two phones: a ${phoneList()}. Every figure is computed for both by calibration, whatever the host (\`bench/phones.ts\`, ADR 0017): the benchmark measures the host's \`benchmarkIndex\` (Lighthouse's benchmark) once each run's browser is gone, in a browser kept running for that (a browser just started reads low), and each run's trace, each main-thread task taken at its thread time (the host's two cores also run the rest of Chromium, which a phone runs on its other cores: \`bench/threadTime.ts\`), is audited once per phone with a CPU slowdown of host index / phone index, the host index being the highest of the page's runs (sharing the cores lowers it, as it lengthens the tasks' wall time: \`calibrationIndex\` in \`bench/lighthouse.ts\`), and Lighthouse's simulation leaves out of it only tasks shorter than 40 ms once slowed (its own rule, tasks under 10 ms of the host's time, left out up to 140 ms of the low-tier phone's: \`prunedBelowMs\` in \`bench/lighthouse.ts\`, from 2026-12-06); the interactions are traced at the host's speed and computed for each phone the same way (the page's main thread running from the input to the commit of the frame that shows the answer, scaled by the slowdown; the waits as on the host; one frame to the screen), and the search timing measures the host in the page just before each run and slows its CPU by the same ratio (CDP). No run is repeated or left unjudged because the host is slow: each row prints the host's index and the slowdown used. Lighthouse ${lighthouseVersion()} (default mobile emulation and simulated throttling; per page and visitor one run for accessibility, best practices and SEO, then ${RUNS} performance-only run${RUNS === 1 ? "" : "s"}, median; the category runs go several at a time first, the performance runs one at a time), in Debian's ${chromiumVersion()}, on this project's 2-core machine. This file is rewritten by every run.

The build measured is the production configuration (\`test/harness/production.ts\`: analytics on, with a test measurement id). The country lookup, gtag.js and the Google Analytics collection endpoint are answered by a local stub (\`bench/thirdPartyStub.ts\`) that Chromium reaches under the real host names, so every request succeeds as in production; the stand-in gtag.js is not Google's script, so the cost of Google's own code is not in these figures. Visitors: "consent region, before choosing" (the lookup answers DE: the consent banner is shown, no analytics) and "outside" (US: analytics loads).

Budgets, for both visitors on every template (the script exits non-zero when one breaks, confirmed by a second median of ${RUNS} runs; \`bench/budgets.ts\`):

- Every phone: accessibility ${BUDGET.accessibility}, best practices ${BUDGET.bestPractices}, SEO ${BUDGET.seo} (not for \`/new-home\`, which is noindex), CLS <= ${BUDGET.cls}, first-load JavaScript <= ${BUDGET.jsRatio}x the bare page with one image, and LCP <= ${BUDGET.lcpVsZeroJs}x the page's zero-JS copy (its built HTML with its JavaScript removed, the JSON-LD kept, served the same way, measured in the same run: \`bench/zeroJs.ts\`).
- Mid-tier phone: performance >= ${BUDGET.mid.performance}, TBT <= ${BUDGET.mid.tbtMs} ms, every interaction <= ${BUDGET.mid.interactionMs} ms.
- Low-tier phone: TBT <= ${BUDGET.low.tbtVsBareImage}x the bare page with one image's in the same run (its runs audited again at the row's own host index, so both emulate the same phone: \`Measured\` in \`bench/visitors.ts\`), every interaction <= ${BUDGET.low.interactionMs} ms.

"First-load JS" is every same-origin script the page loaded during the Lighthouse run, gzipped (level 9). The bare pages are built from \`bench/fixture\` with the same installed Gatsby, React and styled-components; every template shows images, so its ratios are taken against the bare page with one image, whose performance runs are ${FLOOR_RUNS} (its low-tier TBT, every row's floor, moves more from run to run than a template's). Each zero-JS copy gets ${ZERO_JS_RUNS} performance run${ZERO_JS_RUNS === 1 ? "" : "s"}: its LCP, the figure the templates' is judged against, runs no script and is the same for both phones; it moved by about 2% from run to run (\`ZERO_JS_RUNS\` in \`bench/visitors.ts\`).
${siteBuild ? `\nSite build (\`gatsby build\`) in this run: ${siteBuild.toFixed(0)} s.\n` : ""}
${table}

${remeasured.length ? `Measured again because the first median broke a budget (a budget counts as broken only when the second median breaks it too): ${remeasured.join("; ")}.\n\n` : ""}${problems.length ? `Budgets broken in this run:\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : `All ${open.length ? "enforced " : ""}budgets held in this run.\n`}${open.length ? `\nNot held yet: issue 38's budgets below are measured and reported on every run but do not fail it until they hold (\`bench/budgets.ts\`, \`NOT_YET_HELD\`; measured once, not again). Broken in this run:\n\n${open.map((p) => `- ${p}`).join("\n")}\n` : ""}
The rows named "interaction:" come from \`bench/interactions.ts\` (Playwright in Debian's Chromium, the outside visitor, a fresh hydrated page per run, traced at the host's speed): what INP counts, from the input to the frame that shows the answer (where a chunk or a result must arrive first, the consultation modal and the search results, the frame that shows it). Each run is computed for each phone as the page-load rows are, its main-thread tasks at their thread time: the input to the main thread's commit of that frame as the host took it, less the time the main thread's tasks in it waited for a core, plus the running time in it of the page's main thread and its workers (the site search's worker is the one that runs; its work inside one of the main thread's tasks ran beside that task, as on a phone's other core, so such a task counts as the longer of the two: \`pageThreadsRunningIn\`) times the slowdown less one, plus one frame (${PRESENTATION_MS.toFixed(1)} ms) for the phone's compositor to put it on screen, which this host does in software on the same two cores (\`onPhone\`). The runs of an interaction are calibrated with the highest host index they measured, as a page's Lighthouse runs are. Median of ${RUNS}; each run in brackets with its time on the host (Event Timing's, to the frame on this host's screen), to the commit, the page's threads' running time and the main thread's waiting, all in ms. Confirmed like the others.

${
  longTasks.length
    ? `## Where the blocking time goes, per template, on the low-tier phone

Each row's long tasks (50 ms or more) on the low-tier phone, as Lighthouse's simulation times them (its \`long-tasks\` audit, on the same trace at thread time as the TBT column; the run whose TBT is the median), summed by the part of the site whose script they ran (named from the script's chunk: "React" is the framework chunk, "Gatsby and the layout" the app chunk, a template's chunk its page component; "Partytown" its files and its sandbox page, where the analytics tag's worker starts; "the page" is the document's own parsing, style and layout; "unattributed" a task that ran no script, such as a frame's creation), then the whole load's main-thread work on that phone by kind (its \`mainthread-work-breakdown\` audit: the split of a long task by kind is not available under simulation). \`bench/longTasks.ts\` names the parts.

${LONG_TASK_HEADER}
${longTasks.join("\n")}

`
    : ""
}## Field metrics beside the lab

Real visitors who may be measured send their Core Web Vitals as Google Analytics events through the tag in Partytown's worker (\`src/lib/fieldMetrics.ts\`, the \`web-vitals\` library's attribution build; nothing without consent): events \`LCP\`, \`CLS\` and \`INP\` with \`metric_value\`, \`metric_rating\`, \`metric_id\`, \`debug_target\` (the element responsible, as a CSS selector) and the parts below. Read them in GA4 as the 75th percentile of \`metric_value\` per page path, then by \`debug_target\`. The field has no figures here: the builds measured above carry a test property that no visitor reaches.

| Field metric | What it means on these pages | Its attribution (event parameters) | Lab figure beside it | Lab budget | Field "good" (p75) |
|---|---|---|---|---|---|
| LCP, largest contentful paint | When the hero is on screen: the page's h1 or the hero image of service, industry and case pages | \`lcp_ttfb\`, \`lcp_resource_load_delay\`, \`lcp_resource_load_duration\`, \`lcp_element_render_delay\`, \`lcp_url\` | LCP column, per phone | <= ${BUDGET.lcpVsZeroJs}x the zero-JS copy | <= 2,500 ms |
| CLS, cumulative layout shift | Anything that moves after it is shown. The consent banner, the country suggestion and the toasts are fixed and images are sized, so a value above 0 names something new | \`cls_largest_shift_value\`, \`cls_load_state\` | CLS column | <= ${BUDGET.cls} | <= 0.1 |
| INP, interaction to next paint | The slowest answer to a visitor's tap, click or key: opening the menus and the consultation modal, the \`/works\` filters, the search, the form | \`inp_interaction_type\`, \`inp_input_delay\`, \`inp_processing_duration\`, \`inp_presentation_delay\`, \`inp_load_state\` | the "interaction:" rows | <= ${BUDGET.mid.interactionMs} ms (mid-tier), <= ${BUDGET.low.interactionMs} ms (low-tier) | <= 200 ms |

Stage durations of this run:

\`\`\`
${stageTable}
\`\`\`
\n${fs.readFileSync(path.join(__dirname, "findings.md"), "utf8").trim()}\n${search ? `\n## Site search\n\n${search}\n` : ""}${growth ? `\n## Growth to 1,000 case studies\n\n${growth.table}\n\n${growth.notes}\n` : ""}${sections.map((section) => `\n${section}\n`).join("")}`;
  fs.writeFileSync(file, text);
}

/** "Chromium 150.0.7871.100": Debian's package moves between releases, and TBT with it. */
function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    })
      .replace(/ built on .*/s, "")
      .trim();
  } catch {
    return "Chromium (version unknown)";
  }
}

function lighthouseVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"))
      .version;
  } catch {
    return "(unknown)";
  }
}
