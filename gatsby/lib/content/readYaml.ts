import fs from "node:fs";
import { parseDocument } from "yaml";
import type { ContentProblem } from "./problems";

/**
 * Reads one YAML file: its data, or undefined after adding a problem per syntax error (with its
 * line) to `problems`.
 */
export function readYaml(absolute: string, display: string, problems: ContentProblem[]): unknown | undefined {
  const doc = parseDocument(fs.readFileSync(absolute, "utf8"), { prettyErrors: true });
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const line = error.linePos?.[0];
      problems.push({
        file: display,
        field: line ? `line ${line.line}` : undefined,
        message: `not valid YAML: ${error.message.split("\n")[0]}. Check the indentation and quote text that contains a colon.`,
      });
    }
    return undefined;
  }
  return doc.toJS();
}
