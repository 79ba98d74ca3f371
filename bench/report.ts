/**
 * The benchmark's report: a row of its table, and docs/performance.md, rewritten by every run of
 * `npm run bench` (bench/run.ts measures; this writes what it measured and how).
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "../test/harness/chromium";
import { BUDGET, HOST_SPEED_FLOOR, MAX_REPEATS_PER_PAGE, MAX_REPEATS_PER_RUN, score } from "./budgets";
import type { GrowthFigures } from "./growth";
import { CPU_SLOWDOWN } from "./interactions";
import type { Figures } from "./lighthouse";

const root = path.resolve(__dirname, "..");

export const TABLE_HEADER =
  "| Template | Page | Visitor | Perf | A11y | Best pr. | SEO | LCP | TBT | CLS | Total bytes | First-load JS (gzip) | JS vs bare+image | Host speed | Interaction (4x CPU) |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A row of the table: one page and visitor. */
export function row(name: string, p: string, visitor: string, f: Figures, ratio?: number): string {
  return `| ${name} | \`${p}\` | ${visitor} | ${score(f.performance)} | ${score(f.accessibility)} | ${score(f.bestPractices)} | ${score(f.seo)} | ${Math.round(f.lcpMs)} ms | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${kb(f.totalBytes)} | ${kb(f.jsGzip)} | ${ratio === undefined ? "" : `${ratio.toFixed(2)}x`} | ${Number.isNaN(f.benchmarkIndex) ? "" : Math.round(f.benchmarkIndex)} | |`;
}

/** What a run measured, for docs/performance.md. */
export interface BenchReport {
  /** Performance runs per page and visitor. */
  runs: number;
  /** The table: TABLE_HEADER and one row per page and visitor, and per interaction. */
  table: string;
  growth?: GrowthFigures;
  siteBuildSeconds?: number;
  problems: string[];
  /** Rows measured again because the first median broke a budget. */
  remeasured: string[];
  /** Runs repeated because the host was slow: "page, visitor (host speed)". */
  repeated: string[];
  /** Rows over the TBT budget on a host under the speed floor (not judged). */
  unjudged: string[];
  stageTable: string;
  search?: string;
}

export function writePerformanceDoc(
  file: string,
  {
    runs: RUNS,
    table,
    growth,
    siteBuildSeconds: siteBuild,
    problems,
    remeasured,
    repeated,
    unjudged,
    stageTable,
    search,
  }: BenchReport,
): void {
  const date = new Date().toISOString().slice(0, 10);
  const text = `# Performance

Measured by \`npm run bench\` on ${date} (per page and visitor, one Lighthouse run for accessibility, best practices and SEO, then ${RUNS} performance-only run${RUNS === 1 ? "" : "s"}, median: the metrics never come from a run that also gathers for the other categories, which slows the page while it loads; those category runs, which do not depend on timing, go several at a time before the performance runs, which go one at a time; Lighthouse ${lighthouseVersion()} with its default mobile emulation and simulated throttling, in Debian's ${chromiumVersion()}, on this project's 2-core machine). This file is rewritten by every run.

The build measured is the production configuration (\`test/harness/production.ts\`: analytics on, with a test measurement id). The country lookup, gtag.js and the Google Analytics collection endpoint are answered by a local stub (\`bench/thirdPartyStub.ts\`) that Chromium reaches under the real host names, so every request succeeds as in production; the stand-in gtag.js is not Google's script, so the cost of Google's own code is not in these figures. Visitors: "consent region, before choosing" (the lookup answers DE: the consent banner is shown, no analytics) and "outside" (US: analytics loads).

Budgets, for both visitors (the script exits non-zero when one breaks, confirmed by a second median of ${RUNS} runs): performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, best practices ${BUDGET.bestPractices}, SEO ${BUDGET.seo} (not for \`/new-home\`, which is noindex), CLS <= ${BUDGET.cls}, TBT <= ${BUDGET.tbtMs} ms (judged on rows measured at host speed ${HOST_SPEED_FLOOR} or more), first-load JavaScript <= ${BUDGET.jsRatio}x the bare page with one image.

A performance run that starts while the host measures under ${HOST_SPEED_FLOOR} (Lighthouse's \`benchmarkIndex\`) does not count and is repeated, at most ${MAX_REPEATS_PER_PAGE} times per page and ${MAX_REPEATS_PER_RUN} times in the whole run (\`bench/budgets.ts\`, \`runCounts\`). ${repeated.length ? `This run repeated ${repeated.length}: ${repeated.join(", ")}.` : "This run repeated none."}

"Host speed" is Lighthouse's \`benchmarkIndex\` (median over the row's performance runs; higher is faster): with nothing else of ours running it was 3,500 to 4,150 here in quiet stretches and 2,100 to 3,500 in slow ones (the host's two cores are shared). It is a rough mark of the conditions a row was measured in: TBT still moves by tens of ms between runs at the same index (ADR 0009).

"First-load JS" is every same-origin script the page loaded during the Lighthouse run, gzipped (level 9). The bare pages are built from \`bench/fixture\` with the same installed Gatsby, React and styled-components (one run each: their byte counts are the same in every run); every template shows gatsby-plugin-image images, so its ratio is taken against the bare page with one image.
${siteBuild ? `\nSite build (\`gatsby build\`) in this run: ${siteBuild.toFixed(0)} s.\n` : ""}
${table}

${unjudged.length ? `TBT over ${BUDGET.tbtMs} ms measured on a host under the speed floor (${HOST_SPEED_FLOOR}), not judged (\`bench/budgets.ts\`, \`tbtNotJudged\`: on such a host the bare page itself can measure over the budget): ${unjudged.join("; ")}.\n\n` : ""}${remeasured.length ? `Measured again because the first median broke a budget (a budget counts as broken only when the second median breaks it too): ${remeasured.join("; ")}.\n\n` : ""}${problems.length ? `Budgets broken in this run:\n\n${problems.map((p) => `- ${p}`).join("\n")}\n` : "All budgets held in this run.\n"}
"Interaction (4x CPU)": the rows named "interaction:" come from \`bench/interactions.ts\` (Playwright in Debian's Chromium, CPU slowed ${CPU_SLOWDOWN}x as Lighthouse's mobile emulation does, the outside visitor, a fresh hydrated page per run): Event Timing's duration of the interaction (what INP counts; under 16 ms reads 16), and for the consultation modal the time from the click to the frame that shows it, its lazy chunk fetched and run included. Median of ${RUNS} (each run in brackets), budget ${BUDGET.interactionMs} ms, confirmed like the others.

## Field metrics beside the lab

Real visitors who may be measured send their Core Web Vitals as Google Analytics events through the tag in Partytown's worker (\`src/lib/fieldMetrics.ts\`, the \`web-vitals\` library's attribution build; nothing without consent): events \`LCP\`, \`CLS\` and \`INP\` with \`metric_value\`, \`metric_rating\`, \`metric_id\`, \`debug_target\` (the element responsible, as a CSS selector) and the parts below. Read them in GA4 as the 75th percentile of \`metric_value\` per page path, then by \`debug_target\`. The field has no figures here: the builds measured above carry a test property that no visitor reaches.

| Field metric | What it means on these pages | Its attribution (event parameters) | Lab figure beside it | Lab budget | Field "good" (p75) |
|---|---|---|---|---|---|
| LCP, largest contentful paint | When the hero is on screen: the page's h1 or the hero image of service, industry and case pages | \`lcp_ttfb\`, \`lcp_resource_load_delay\`, \`lcp_resource_load_duration\`, \`lcp_element_render_delay\`, \`lcp_url\` | LCP column (Lighthouse's simulated mid-range phone) | performance >= ${BUDGET.performance} | <= 2,500 ms |
| CLS, cumulative layout shift | Anything that moves after it is shown. The consent banner, the country suggestion and the toasts are fixed and images are sized, so a value above 0 names something new | \`cls_largest_shift_value\`, \`cls_load_state\` | CLS column | <= ${BUDGET.cls} | <= 0.1 |
| INP, interaction to next paint | The slowest answer to a visitor's tap, click or key: opening the menus and the consultation modal, the \`/works\` filters, the form | \`inp_interaction_type\`, \`inp_input_delay\`, \`inp_processing_duration\`, \`inp_presentation_delay\`, \`inp_load_state\` | the "interaction:" rows | <= ${BUDGET.interactionMs} ms on a 4x slower CPU | <= 200 ms |

Stage durations of this run:

\`\`\`
${stageTable}
\`\`\`
${search ? `\n## Site search\n\n${search}\n` : ""}${growth ? `\n## Growth to 1,000 case studies\n\n${growth.table}\n\n${growth.notes}\n` : ""}`;
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
