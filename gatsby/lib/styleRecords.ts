/**
 * styled-components writes into each page's <style> element, after each component's rules, a
 * record of the component (`data-styled.g12[id="sc-tq61so-5"]{content:"fvoSSN,"}`: its group in the
 * stylesheet, its id, the class names it was given), and `/*!sc*\/` after every rule. The browser's
 * copy of styled-components reads them to take the page's rules over instead of adding them again
 * (patches/styled-components+6.6.0.patch). They are about 0.65 KB of every page's gzip, and a page's
 * document is what a phone's first round trip carries: a compressed page over about 14 KB takes one
 * more (docs/performance.md, "Why the LCP of some templates…").
 *
 * So the records leave the pages: every page's go into one table of the build (group → the
 * component's id and every class name the build gave it), which the start-up file the page's
 * starter runs first carries as `window.___scGroups` (gatsby/lib/scriptsAfterFirstView.ts). The
 * patched styled-components then finds each rule's group by the first of its class names the table
 * knows (or its component's id, for a rule written with the id only), and the page's <style> says it has no records with `data-sc-groups`. The build checks
 * every page's rules that way before it takes a record out, so a page whose rules could not be
 * placed fails the build, naming the page and the rule.
 */

/** A group of styled-components' stylesheet: its component's id and the class names given to it. */
export interface StyleGroup {
  id: string;
  names: Set<string>;
}

/** The attribute of a page's styled-components <style> whose records are in the table. */
export const NO_RECORDS_ATTRIBUTE = "data-sc-groups";

const STYLE = /(<style data-styled="[^"]*" data-styled-version="[^"]*")(>)([\s\S]*?)(<\/style>)/;
const TAKEN = new RegExp(`<style data-styled="[^"]*" data-styled-version="[^"]*" ${NO_RECORDS_ATTRIBUTE}=""`);
const RECORD = /^data-styled\.g(\d+)\[id="([\w-]+)"\]\{content:"([^"]*)"\}$/;
const SPLITTER = "/*!sc*/\n";
const CLASS = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The page's styled-components rules, each with its group and component id, from its records. */
function recordedRules(css: string): { group: number; id: string; names: string[]; rules: string[] }[] {
  const out: { group: number; id: string; names: string[]; rules: string[] }[] = [];
  let rules: string[] = [];
  for (const part of css.split(SPLITTER)) {
    const text = part.trim();
    if (!text) continue;
    const record = RECORD.exec(text);
    if (!record) {
      rules.push(text);
      continue;
    }
    out.push({ group: Number(record[1]), id: record[2], names: record[3].split(",").filter(Boolean), rules });
    rules = [];
  }
  // Rules after the last record would belong to no component: styled-components' format changed.
  if (rules.length) out.push({ group: -1, id: "no component", names: [], rules });
  return out;
}

/** Adds a page's records to the build's table; a group that names another component is an error. */
export function collectStyleGroups(html: string, file: string, groups: Map<number, StyleGroup>): void {
  const style = STYLE.exec(html);
  if (!style || style[1].includes(NO_RECORDS_ATTRIBUTE)) return;
  for (const { group, id, names } of recordedRules(style[3])) {
    if (group < 0) continue;
    const known = groups.get(group);
    if (known && known.id !== id)
      throw new Error(
        `${file}: styled-components' group ${group} is ${id} here but ${known.id} in another page of the ` +
          "same build; the pages were not built by one renderer: run a clean build (`npm run clean`).",
      );
    const entry = known ?? { id, names: new Set<string>() };
    names.forEach((name) => entry.names.add(name));
    groups.set(group, entry);
  }
}

/**
 * The group a rule belongs to: that of the first of its class names the table knows or, in a rule
 * with none (`& + &` is written with the component's id: `.sc-x-1+.sc-x-1`), of the first
 * component id it knows.
 */
function groupOf(rule: string, byName: Map<string, number>, byId: Map<string, number>): number | undefined {
  const tokens = [...rule.matchAll(CLASS)].map(([, token]) => token);
  for (const table of [byName, byId])
    for (const token of tokens) {
      const group = table.get(token);
      if (group !== undefined) return group;
    }
  return undefined;
}

/** The table's names, each with its group (a name given in two groups is an error). */
function groupsByName(groups: Map<number, StyleGroup>): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [group, { id, names }] of groups)
    for (const name of names) {
      const other = byName.get(name);
      if (other !== undefined && other !== group)
        throw new Error(
          `styled-components gave the class name ${name} to ${groups.get(other)?.id} and to ${id}.`,
        );
      byName.set(name, group);
    }
  return byName;
}

/**
 * The page without its styled-components records (see above). Every rule must be placed in its own
 * group by its class names, or the build stops: the browser could not take the rules over.
 */
export function withoutStyleRecords(html: string, file: string, groups: Map<number, StyleGroup>): string {
  const style = STYLE.exec(html);
  if (!style || style[1].includes(NO_RECORDS_ATTRIBUTE)) return html;
  const byName = groupsByName(groups);
  const byId = new Map([...groups].map(([group, { id }]) => [id, group]));
  const recorded = recordedRules(style[3]);
  for (const { group, id, rules } of recorded)
    for (const rule of rules)
      if (groupOf(rule, byName, byId) !== group)
        throw new Error(
          `${file}: the styled-components rule "${rule.slice(0, 80)}" of ${id} has no class name of its own ` +
            "first, so the browser could not tell its component; give the rule the component's own selector (&).",
        );
  const css = recorded.flatMap(({ rules }) => rules).join("");
  return html.replace(STYLE, `${style[1]} ${NO_RECORDS_ATTRIBUTE}=""${style[2]}${css}${style[4]}`);
}

/** How the start-up file's line with the table starts. */
export const STYLE_TABLE_START = "window.___scGroups=";

/** Whether the page's styled-components records were taken out already (by an earlier build). */
export function styleRecordsTaken(html: string): boolean {
  return TAKEN.test(html);
}

/** The table as the script the start-up file carries: group → [id, ...class names]. */
export function styleGroupsScript(groups: Map<number, StyleGroup>): string {
  const table = Object.fromEntries(
    [...groups]
      .sort(([a], [b]) => a - b)
      .map(([group, { id, names }]) => [group, [id, ...[...names].sort()]]),
  );
  return `${STYLE_TABLE_START}${JSON.stringify(table)};`;
}
