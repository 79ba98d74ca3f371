import type { z } from "zod";
import { toJsonSchema, type JsonSchema } from "../../../schemas";
import type { ContentProblem } from "./problems";

/** Turns zod's validation issues into sentences an editor can act on. */

function describeType(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return "text";
  return `a ${typeof value}`;
}

const expectedWord: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list (lines starting with '- ')",
  object: "a group of indented fields",
};

/** `services[2].slug`: how a field is named in messages. */
export function fieldPath(segments: PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === "number" ? `[${s}]` : `${i === 0 ? "" : "."}${String(s)}`))
    .join("");
}

function valueAt(data: unknown, segments: PropertyKey[]): unknown {
  let current: unknown = data;
  for (const s of segments) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[s];
  }
  return current;
}

function schemaAt(schema: JsonSchema, segments: PropertyKey[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = schema;
  for (const s of segments) {
    if (!current) return undefined;
    if (typeof s === "number") current = current.items;
    else current = current.properties?.[String(s)];
  }
  return current;
}

type Explained = Omit<ContentProblem, "file">;

/** Turns one zod issue into a sentence an editor can act on. */
export function explainIssue(issue: z.core.$ZodIssue, data: unknown, json: JsonSchema): Explained[] {
  const field = fieldPath(issue.path);
  const actual = valueAt(data, issue.path);
  const hint = schemaAt(json, issue.path)?.description;
  const withHint = (msg: string) => (hint ? `${msg} (${hint})` : msg);
  switch (issue.code) {
    case "invalid_type": {
      if (actual === undefined) {
        const name = String(issue.path[issue.path.length - 1] ?? "field");
        return [
          {
            field,
            message: withHint(
              `required field is missing: add \`${name}:\` with ${expectedWord[issue.expected] ?? issue.expected}`,
            ),
          },
        ];
      }
      return [
        {
          field,
          message: withHint(
            `expected ${expectedWord[issue.expected] ?? issue.expected}, found ${describeType(actual)}`,
          ),
        },
      ];
    }
    case "unrecognized_keys": {
      const parent = schemaAt(json, issue.path);
      const allowed = Object.keys(parent?.properties ?? {}).join(", ");
      return issue.keys.map((key) => ({
        field: fieldPath([...issue.path, key]),
        message: `unknown field: remove it or check its spelling (allowed here: ${allowed})`,
      }));
    }
    case "invalid_value":
      return [
        {
          field,
          message: `"${String(actual)}" is not allowed: write one of ${issue.values.map((v) => String(v)).join(", ")}`,
        },
      ];
    case "too_small":
    case "too_big": {
      const what = issue.origin === "array" ? "items" : issue.origin === "string" ? "characters" : "";
      const bound = issue.code === "too_small" ? "at least" : "at most";
      const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const length = typeof actual === "string" || Array.isArray(actual) ? ` (now ${actual.length})` : "";
      return [
        {
          field,
          message: withHint(`needs ${bound} ${String(limit)} ${what}${length}`.replace(/\s+/g, " ")),
        },
      ];
    }
    default:
      return [{ field, message: withHint(issue.message) }];
  }
}

/**
 * Validates data read from `file` against its schema: the parsed value, or undefined after adding
 * one problem per issue to `problems`.
 */
export function validate<T>(
  schema: z.ZodType<T>,
  data: unknown,
  file: string,
  problems: ContentProblem[],
): T | undefined {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const json = toJsonSchema(schema, "input");
  for (const issue of result.error.issues) {
    for (const p of explainIssue(issue, data, json)) problems.push({ file, ...p });
  }
  return undefined;
}
