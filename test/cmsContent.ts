import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { collections, singletons } from "../schemas";

/**
 * The content files as the CMS's backend hands them over: each file's YAML as plain data, as it
 * is written (no defaults applied), for the CMS preview's tests.
 */
const contentDir = path.resolve(__dirname, "../content");
type Data = Record<string, unknown>;

const readYaml = (file: string): Data => parse(fs.readFileSync(file, "utf8")) as Data;

/** Every entry of a collection (or the one file of a settings collection), by CMS collection name. */
export function storedEntries(name: string): Data[] {
  if (name in singletons)
    return [readYaml(path.join(contentDir, singletons[name as keyof typeof singletons].file))];
  const dir = path.join(contentDir, collections[name as keyof typeof collections].dir);
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => readYaml(path.join(dir, f)));
}

/** The whole site's content, as the preview's graph takes it. */
export function storedContent() {
  return {
    services: storedEntries("services"),
    industries: storedEntries("industries"),
    works: storedEntries("works"),
    countries: storedEntries("countries"),
    pages: storedEntries("pages"),
    site: storedEntries("site")[0],
    navigation: storedEntries("navigation")[0],
    footer: storedEntries("footer")[0],
  };
}
