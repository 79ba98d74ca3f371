/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { SERVERLESS_ENV } from "../config";
import { VARIABLES } from "../variables";

/**
 * The variables are declared once (variables.ts); docs/deploying.md's reference table is written
 * from that list by `npm run docs:variables`. A variable added to the code without its line in
 * the docs (or a line changed in one place only) fails here.
 */

const DOC = path.resolve(__dirname, "../../../../docs/deploying.md");

/** The rows of the table between the markers, as [names, default, meaning], whitespace collapsed. */
function documentedRows(): string[][] {
  const doc = fs.readFileSync(DOC, "utf8");
  const section = doc.slice(doc.indexOf("<!-- variables:start -->"), doc.indexOf("<!-- variables:end -->"));
  return section
    .split("\n")
    .filter((line) => line.startsWith("|") && !/^\|\s*(-+|Variable)\s*\|/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim().replace(/\s+/g, " ")),
    );
}

test("docs/deploying.md documents every variable config.ts reads, as variables.ts declares it", () => {
  const expected = VARIABLES.map((v) => [
    v.name
      .split(", ")
      .map((n) => `\`${n}\``)
      .join(", "),
    v.default,
    v.meaning,
  ]);
  expect(documentedRows()).toEqual(expected);
});

test("every variable the configuration code reads is declared in variables.ts", () => {
  const declared = new Set(VARIABLES.flatMap((v) => v.name.split(", ")));
  // Set by the hosts themselves to announce a serverless runtime, not by an operator.
  const platform = new Set<string>(SERVERLESS_ENV);
  // The code without its comments (which may name a variable as an example).
  const sources = ["../config.ts", "../postgres/connection.ts"].map((file) =>
    fs
      .readFileSync(path.resolve(__dirname, file), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, ""),
  );
  const read = sources.flatMap((source) => [
    ...[...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1]),
    ...[...source.matchAll(/\b(?:env|read)\(?\[?"([A-Z][A-Z0-9_]*)"/g)].map((m) => m[1]),
    ...[...source.matchAll(/^\s+([A-Z][A-Z0-9_]*): "\w+",?$/gm)].map((m) => m[1]),
  ]);
  expect(read.length).toBeGreaterThan(20);
  expect(read.filter((name) => !declared.has(name) && !platform.has(name))).toEqual([]);
});
