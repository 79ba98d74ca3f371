import { collections, jsonSchemaFileName, singletons, toJsonSchema } from "../schemas";

/** The JSON Schema files editors' YAML tools read, keyed by file name, as written to disk. */
export function jsonSchemaFiles(): Record<string, string> {
  const all = [...Object.values(collections), ...Object.values(singletons)];
  return Object.fromEntries(
    all.map(({ type, schema }) => {
      const json = { ...toJsonSchema(schema, "input"), title: type };
      return [jsonSchemaFileName(type), `${JSON.stringify(json, null, 2)}\n`];
    }),
  );
}

/** The first line of a content file, pointing its editor at the schema. */
export const schemaHeader = (type: string, depth: number): string =>
  `# yaml-language-server: $schema=${"../".repeat(depth)}schemas/json/${jsonSchemaFileName(type)}`;
