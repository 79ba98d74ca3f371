/**
 * `npm run docs:variables`: writes the reference table of the consultation function's variables
 * (src/server/consultation/variables.ts) into docs/deploying.md, between its markers, and lets
 * Prettier lay it out. src/server/consultation/__tests__/variables.test.ts fails while the two differ.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { variablesTable } from "../src/server/consultation/variables";

export const DOC = path.resolve(__dirname, "../docs/deploying.md");
const START = "<!-- variables:start -->";
const END = "<!-- variables:end -->";

const doc = fs.readFileSync(DOC, "utf8");
const start = doc.indexOf(START);
const end = doc.indexOf(END);
if (start === -1 || end === -1) throw new Error(`${DOC} has no ${START} ... ${END} section`);
fs.writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n\n${variablesTable()}\n\n${doc.slice(end)}`);
execFileSync(path.resolve(__dirname, "../node_modules/.bin/prettier"), ["--write", DOC], { stdio: "ignore" });
console.log(`docs:variables: wrote the table of ${DOC}`);
