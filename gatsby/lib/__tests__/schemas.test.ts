/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { collections, jsonSchemaFileName, singletons } from "../../../schemas";
import { generateTypeDefs } from "../graphqlTypes";
import { jsonSchemaFiles } from "../../../shared/jsonSchemas";

const root = path.resolve(__dirname, "../../..");

test("the JSON Schema files editors use are up to date with schemas/ (run npm run schemas)", () => {
  for (const [name, text] of Object.entries(jsonSchemaFiles())) {
    expect(fs.readFileSync(path.join(root, "schemas/json", name), "utf8")).toBe(text);
  }
});

test("every content file points its editor at its schema on the first line", () => {
  const expectations: [string, string][] = [];
  for (const { dir, type } of Object.values(collections)) {
    for (const file of fs.readdirSync(path.join(root, "content", dir))) {
      expectations.push([`content/${dir}/${file}`, `../../schemas/json/${jsonSchemaFileName(type)}`]);
    }
  }
  for (const { file, type } of Object.values(singletons)) {
    expectations.push([`content/${file}`, `../schemas/json/${jsonSchemaFileName(type)}`]);
  }
  for (const [file, schema] of expectations) {
    const first = fs.readFileSync(path.join(root, file), "utf8").split("\n")[0];
    expect(`${file}: ${first}`).toBe(`${file}: # yaml-language-server: $schema=${schema}`);
  }
});

test("GraphQL types come from the same schemas, with references linked by slug", () => {
  const sdl = generateTypeDefs();
  expect(sdl).toContain("type Work implements Node @dontInfer");
  expect(sdl).toMatch(/industry: Industry! @link\(by: "slug"\)/);
  expect(sdl).toMatch(/services: \[Service!\]! @link\(by: "slug"\)/);
  expect(sdl).toMatch(/src: File! @link\(by: "relativePath"\)/);
  expect(sdl).toMatch(/faqs: \[IndustryFaqs!\]\n/);
});
