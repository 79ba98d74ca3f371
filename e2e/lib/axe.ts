import AxeBuilder from "@axe-core/playwright";
import { routeTable } from "../../test/harness/routes";
import { samplePaths } from "../../test/harness/samplePages";
import { gradientContrastProblem } from "./a11y";
import type { Page } from "playwright-core";
import { layOutWhole, newPage, openHydrated } from "./browser";
import { watchViolations } from "./csp";
import type { OutsideOptions } from "./outside";
import { waitFor } from "./wait";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe on a page, as every browser test runs it. Legacy mode: axe runs in the page and its
 * same-origin frames (Partytown's sandbox) and gives its results there, instead of gathering
 * partial results from each frame and opening a blank page to combine them, which cost a third
 * of each check (810 to 564 ms a page in the phone sweep). What it gives up, checking
 * cross-origin frames, does not apply: the site has none. Only the violations and the results
 * left for review (`incomplete`: the contrast on gradients is judged from them) list every node;
 * the passes and the rules that did not apply, which no test reads, list one each (axe's
 * `resultTypes`): 1.75 to 1.5 s a page in the phone sweep, on 20 pages.
 */
export const axeOn = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations", "incomplete"] });
export const NOT_FOUND_PATH = "/no-such-page";

/** Every route of the route table and the 404 page. */
export function allPaths(): string[] {
  return [...routeTable().routes.map((r) => r.path), NOT_FOUND_PATH];
}

/**
 * The paths one width's axe sweep visits: a page of each template and the 404 page at both
 * widths, and every other page at one of the two, alternately (`share` 0 or 1). Every page is
 * checked at a width, every template at both, in half the time of every page at both widths
 * (axe takes seconds a page).
 */
export function sweepPaths(share: 0 | 1): string[] {
  const samples = new Set([...samplePaths(), NOT_FOUND_PATH]);
  const rest = allPaths().filter((p) => !samples.has(p));
  return [...samples, ...rest.filter((_, i) => i % 2 === share)];
}

/**
 * Runs axe (WCAG 2.1 A and AA) on every path at one viewport, in one page reused from path to
 * path, and returns the problems: violations, low contrast on gradients (axe leaves text on a
 * gradient for review: judged here against the gradient's stops), duplicate ids, wrong statuses,
 * and any Content-Security-Policy violation while the page loaded and was checked (with
 * `analytics`, also while the tag in Partytown's worker sent its first hit, which it must).
 * The two widths run as two test files, so the runner can take them side by side.
 */
export async function axeProblems(
  viewport: { width: number; height: number },
  paths: string[],
  {
    outside = {},
    ready,
    analytics = false,
  }: {
    /** The outside world (e.g. the visitor's country). */
    outside?: OutsideOptions;
    /** What to wait for before axe runs. */
    ready?: (page: Page) => Promise<void>;
    /** The visitor is measured: each page sends its hit before the next is opened. */
    analytics?: boolean;
  } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const { page, context, outside: log } = await newPage(viewport, {}, outside);
  const cspViolations = await watchViolations(context, page);
  for (const path of paths) {
    const hitsBefore = log.collects.length;
    const cspBefore = cspViolations.length;
    const status = await openHydrated(page, path);
    await ready?.(page);
    await layOutWhole(page);
    const expected = path === NOT_FOUND_PATH ? 404 : 200;
    if (status !== expected) problems.push(`${path} @${viewport.width}: status ${status}`);
    const label = `${path} @${viewport.width}`;
    const { violations, incomplete } = await axeOn(page).withTags(WCAG_TAGS).analyze();
    for (const v of violations) {
      for (const node of v.nodes) problems.push(`${label}: ${v.id} ${node.target.join(" ")}`);
    }
    for (const node of incomplete.find((r) => r.id === "color-contrast")?.nodes ?? []) {
      const target = node.target.join(" ");
      const problem = await gradientContrastProblem(page, target);
      if (problem) problems.push(`${label}: color-contrast ${target}: ${problem}`);
    }
    // Duplicate ids break label and ARIA references (axe no longer checks them under WCAG 2.1 tags).
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    });
    for (const id of duplicates) problems.push(`${label}: duplicate id "${id}"`);
    if (analytics) {
      await waitFor(
        async () => log.collects.length > hitsBefore,
        `${label}: analytics sent a hit`,
        15_000,
      ).catch(() => problems.push(`${label}: analytics sent no hit`));
    }
    for (const v of cspViolations.slice(cspBefore)) problems.push(`${label}: CSP ${v}`);
  }
  await context.close();
  return problems;
}
