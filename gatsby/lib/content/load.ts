import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import {
  collections,
  PAGE_SLUGS,
  singletons,
  type CollectionName,
  type Country,
  type Footer,
  type Industry,
  type Navigation,
  type Page,
  type Service,
  type Site,
  type Work,
} from "../../../schemas";
import { validate } from "./explain";
import { checkNavigation } from "./navigationRules";
import { ContentError, type ContentProblem } from "./problems";
import { readYaml } from "./readYaml";
import { checkReferences, type Document } from "./references";

/**
 * Reads every file under content/, validates it against its schema and checks references
 * between files. All problems are collected, so an editor sees every mistake in one build,
 * each naming the file, the field and what to write instead.
 */

export interface Content {
  site: Site;
  navigation: Navigation;
  footer: Footer;
  services: Service[];
  industries: Industry[];
  works: Work[];
  countries: Country[];
  pages: Page[];
  /** Where each entry came from, for error messages and for the CMS tests. */
  files: Record<string, string>;
}

export interface LoadOptions {
  /** How file names appear in messages; defaults to paths relative to the project. */
  displayRoot?: string;
}

type Display = (absolute: string) => string;

const displayFrom =
  (contentDir: string, options: LoadOptions): Display =>
  (absolute) =>
    path
      .relative(options.displayRoot ?? path.dirname(contentDir), absolute)
      .split(path.sep)
      .join("/");

/** One of site.yaml, navigation.yaml, footer.yaml: its valid value, or undefined after adding problems. */
function readSingleton<K extends keyof typeof singletons>(
  contentDir: string,
  key: K,
  display: Display,
  problems: ContentProblem[],
): z.infer<(typeof singletons)[K]["schema"]> | undefined {
  const { file, schema } = singletons[key];
  const absolute = path.join(contentDir, file);
  const shown = display(absolute);
  if (!fs.existsSync(absolute)) {
    problems.push({ file: shown, message: `file is missing: create ${shown}` });
    return undefined;
  }
  const data = readYaml(absolute, shown, problems);
  if (data === undefined) return undefined;
  return validate(schema as z.ZodType, data, shown, problems) as
    | z.infer<(typeof singletons)[K]["schema"]>
    | undefined;
}

/**
 * site.yaml alone, checked as loadContent checks it, for gatsby-config (which needs the site's name
 * and address before any content is sourced). Throws a ContentError naming the file, field and fix.
 */
export function loadSite(contentDir: string, options: LoadOptions = {}): Site {
  const problems: ContentProblem[] = [];
  const site = readSingleton(contentDir, "site", displayFrom(contentDir, options), problems);
  if (!site) throw new ContentError(problems);
  return site;
}

export function loadContent(contentDir: string, options: LoadOptions = {}): Content {
  const display = displayFrom(contentDir, options);
  const problems: ContentProblem[] = [];
  const files: Record<string, string> = {};
  // Whose references and images to check: every collection file that parsed as YAML (valid or
  // not, so one run reports everything), then every valid singleton.
  const rawByCollection = {} as Record<CollectionName, Document[]>;
  const singletonDocuments: Document[] = [];

  const singleton = <K extends keyof typeof singletons>(key: K) => {
    const value = readSingleton(contentDir, key, display, problems);
    if (value) {
      const { file, schema } = singletons[key];
      singletonDocuments.push({ file: display(path.join(contentDir, file)), schema, data: value });
    }
    return value;
  };

  const site = singleton("site");
  const navigation = singleton("navigation");
  const footer = singleton("footer");

  const loaded = {} as { [K in CollectionName]: z.infer<(typeof collections)[K]["schema"]>[] };

  for (const name of Object.keys(collections) as CollectionName[]) {
    const { dir, schema } = collections[name];
    const folder = path.join(contentDir, dir);
    const entries: { slug: string }[] = [];
    rawByCollection[name] = [];
    const seen = new Map<string, string>();
    const names = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((f) => /\.ya?ml$/.test(f))
          .sort()
      : [];
    for (const fileName of names) {
      const absolute = path.join(folder, fileName);
      const shown = display(absolute);
      const data = readYaml(absolute, shown, problems);
      if (data === undefined) continue;
      rawByCollection[name].push({ file: shown, schema: schema as z.ZodType, data });
      const entry = validate(schema as z.ZodType, data, shown, problems) as { slug: string } | undefined;
      if (!entry) continue;
      const expected = fileName.replace(/\.ya?ml$/, "");
      if (entry.slug !== expected) {
        problems.push({
          file: shown,
          field: "slug",
          message: `"${entry.slug}" does not match the file name: write \`slug: ${expected}\` or rename the file to ${entry.slug}.yaml`,
        });
        continue;
      }
      const previous = seen.get(entry.slug);
      if (previous) {
        problems.push({
          file: shown,
          field: "slug",
          message: `duplicate slug "${entry.slug}", also used by ${previous}: give each entry its own slug and keep one file per slug`,
        });
        continue;
      }
      seen.set(entry.slug, shown);
      files[`${name}/${entry.slug}`] = shown;
      entries.push(entry);
    }
    (loaded as Record<string, unknown[]>)[name] = entries;
  }

  // Every page the site needs has a file.
  const pageSlugs = new Set(loaded.pages.map((p) => p.slug));
  for (const slug of PAGE_SLUGS) {
    if (!pageSlugs.has(slug) && !rawByCollection.pages.some((r) => path.basename(r.file, ".yaml") === slug)) {
      problems.push({
        file: `${display(path.join(contentDir, "pages"))}/${slug}.yaml`,
        message: `file is missing: every page (${PAGE_SLUGS.join(", ")}) needs its own file`,
      });
    }
  }

  // A file with other mistakes can still be referred to by its name.
  const fileSlugs = Object.fromEntries(
    Object.entries(rawByCollection).map(([name, raw]) => [
      name,
      raw.map((r) => path.basename(r.file).replace(/\.ya?ml$/, "")),
    ]),
  ) as Record<CollectionName, string[]>;
  const collectionDocuments = Object.values(rawByCollection).flat();
  problems.push(...checkReferences(contentDir, fileSlugs, [...collectionDocuments, ...singletonDocuments]));

  if (navigation) {
    const file = display(path.join(contentDir, singletons.navigation.file));
    problems.push(
      ...checkNavigation(navigation, loaded.services, loaded.industries).map((p) => ({ ...p, file })),
    );
  }

  if (problems.length > 0 || !site || !navigation || !footer) throw new ContentError(problems);

  return {
    site,
    navigation,
    footer,
    services: loaded.services,
    industries: loaded.industries,
    works: loaded.works,
    countries: loaded.countries,
    pages: loaded.pages,
    files,
  };
}
