/** @jest-environment node */
import {
  collectStyleGroups,
  NO_RECORDS_ATTRIBUTE,
  styleGroupsScript,
  withoutStyleRecords,
  type StyleGroup,
} from "../styleRecords";

/** A page's <style> as styled-components writes it: rules, then the component's record. */
const sheet = (css: string) =>
  `<html><head><style data-styled="" data-styled-version="6.6.0">${css}</style></head><body></body></html>`;
const record = (group: number, id: string, names: string) =>
  `data-styled.g${group}[id="${id}"]{content:"${names}"}/*!sc*/\n`;

const about = sheet(
  ".aaa{color:red;}/*!sc*/\n@media (min-width: 600px){.aaa{color:blue;}}/*!sc*/\n" +
    record(1, "sc-one-0", "aaa,") +
    "html[data-hydrated] .bbb>button{display:flex;}/*!sc*/\n.ccc:hover{color:#fff;}/*!sc*/\n" +
    record(4, "sc-two-0", "bbb,ccc,"),
);
const contact = sheet(".ddd{margin:0;}/*!sc*/\n" + record(4, "sc-two-0", "ddd,"));

function table(...pages: [string, string][]) {
  const groups = new Map<number, StyleGroup>();
  for (const [html, file] of pages) collectStyleGroups(html, file, groups);
  return groups;
}

test("the records leave the page, its rules stay in order, and the page says where they went", () => {
  const groups = table([about, "about.html"], [contact, "contact.html"]);
  const html = withoutStyleRecords(about, "about.html", groups);
  expect(html).not.toContain("data-styled.g");
  expect(html).not.toContain("/*!sc*/");
  expect(html).toContain(
    `<style data-styled="" data-styled-version="6.6.0" ${NO_RECORDS_ATTRIBUTE}="">` +
      ".aaa{color:red;}@media (min-width: 600px){.aaa{color:blue;}}" +
      "html[data-hydrated] .bbb>button{display:flex;}.ccc:hover{color:#fff;}</style>",
  );
  // Rewritten once: a page already without records is left as it is.
  expect(withoutStyleRecords(html, "about.html", groups)).toBe(html);
});

test("the table holds every page's groups: each component's id and every class name it was given", () => {
  const groups = table([about, "about.html"], [contact, "contact.html"]);
  expect(styleGroupsScript(groups)).toBe(
    'window.___scGroups={"1":["sc-one-0","aaa"],"4":["sc-two-0","bbb","ccc","ddd"]};',
  );
});

test("a rule whose first known class name is another component's fails the build, naming the page and the rule", () => {
  const odd = sheet(".aaa .eee{color:red;}/*!sc*/\n" + record(4, "sc-two-0", "eee,"));
  const groups = table([about, "about.html"], [odd, "odd.html"]);
  expect(() => withoutStyleRecords(odd, "odd.html", groups)).toThrow(
    /odd\.html: the styled-components rule "\.aaa \.eee\{color:red;\}" of sc-two-0 has no class name of its own first/,
  );
});

test("two pages that disagree on a group's component fail the build", () => {
  const other = sheet(".fff{color:red;}/*!sc*/\n" + record(1, "sc-three-0", "fff,"));
  expect(() => table([about, "about.html"], [other, "other.html"])).toThrow(
    /other\.html: styled-components' group 1 is sc-three-0 here but sc-one-0 in another page/,
  );
});

test("a rule written with its component's id only (`& + &`) is placed by the id", () => {
  const list = sheet(
    ".ggg{margin:0;}/*!sc*/\n.sc-list-1+.sc-list-1{margin-top:24px;}/*!sc*/\n" +
      record(2, "sc-list-1", "ggg,"),
  );
  const groups = table([list, "list.html"]);
  expect(withoutStyleRecords(list, "list.html", groups)).toContain(
    ".ggg{margin:0;}.sc-list-1+.sc-list-1{margin-top:24px;}</style>",
  );
});
