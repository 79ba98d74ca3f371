import { collections, mergeVariants, singletons, toJsonSchema, type JsonSchema } from "../../schemas";

/**
 * GraphQL type definitions generated from the content schemas, so every field is declared once
 * (in schemas/) and an optional field that no file uses yet still exists in the schema.
 * References become `@link(by: "slug")` to the named node type; images become File links.
 */

const pascal = (s: string) =>
  s
    .split(/[^a-zA-Z0-9]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("");

function scalar(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (schema.enum || schema.const !== undefined) {
    const values = schema.enum ?? [schema.const];
    if (values.every((v) => typeof v === "number")) {
      return values.every((v) => Number.isInteger(v)) ? "Int" : "Float";
    }
    return "String";
  }
  switch (type) {
    case "string":
      return "String";
    case "integer":
      return "Int";
    case "number":
      return "Float";
    case "boolean":
      return "Boolean";
    default:
      return undefined;
  }
}

export function generateTypeDefs(): string {
  const out: string[] = [];

  const fieldType = (schema: JsonSchema, typeName: string): string => {
    if (schema.ref) return `${schema.ref} @link(by: "slug")`;
    if (schema.image) return `File @link(by: "relativePath")`;
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) {
      const objects = variants.filter((v) => v.type === "object");
      if (objects.length > 0) return objectType(mergeVariants(objects), typeName);
      return fieldType(variants[0], typeName);
    }
    if (schema.type === "array" && schema.items) {
      const inner = fieldType(schema.items, typeName);
      const [base, ...directives] = inner.split(" ");
      return `[${base}!]${directives.length ? ` ${directives.join(" ")}` : ""}`;
    }
    if (schema.type === "object") return objectType(schema, typeName);
    return scalar(schema) ?? "JSON";
  };

  const objectType = (schema: JsonSchema, typeName: string, header?: string): string => {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([name, sub]) => {
      const type = fieldType(sub, `${typeName}${pascal(name)}`);
      const [base, ...directives] = type.split(" ");
      const bang = required.has(name) ? "!" : "";
      return `  ${name}: ${base}${bang}${directives.length ? ` ${directives.join(" ")}` : ""}`;
    });
    out.push(`${header ?? `type ${typeName}`} {\n${fields.join("\n")}\n}`);
    return typeName;
  };

  for (const { type, schema } of [...Object.values(collections), ...Object.values(singletons)]) {
    objectType(toJsonSchema(schema, "output"), type, `type ${type} implements Node @dontInfer`);
  }
  return out.reverse().join("\n\n");
}
