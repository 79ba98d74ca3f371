/**
 * Writes schemas/json/*.schema.json from the zod schemas (the one source of truth), for YAML
 * editors' autocomplete. A unit test fails when the committed files are out of date.
 * Usage: npm run schemas
 */
import fs from "node:fs";
import path from "node:path";
import { jsonSchemaFiles } from "../shared/jsonSchemas";

const outDir = path.resolve(__dirname, "../schemas/json");
fs.mkdirSync(outDir, { recursive: true });
for (const [name, text] of Object.entries(jsonSchemaFiles())) {
  fs.writeFileSync(path.join(outDir, name), text);
}
process.stdout.write(`wrote ${Object.keys(jsonSchemaFiles()).length} schemas to schemas/json\n`);
