/** @jest-environment node */
/**
 * What `npm ci` runs besides unpacking: the install scripts of the dependencies that have one.
 * npm 11 runs a dependency's script only when package.json's `allowScripts` approves it (a
 * package it does not list still runs today, with a warning that lists it; npm's documentation
 * says unlisted ones are to be blocked). So every such package is listed, approved after its
 * script was read or denied, and nothing is downloaded at install time: the scripts that would
 * fetch a binary are denied.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../..");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), "utf8")) as unknown;

/** Install scripts that download a binary (none may run: a fresh machine gets these from Debian). */
const DOWNLOADERS = {
  // Fetches a Java runtime from GitHub when the machine has no Java yet, as a fresh one does:
  // `npm ci` runs before the preflight installs Debian's `default-jre-headless`.
  "vnu-jar": "a Java runtime",
  // Fetch their WebDriver binaries when GECKODRIVER_AUTO_INSTALL or EDGEDRIVER_AUTO_INSTALL is set.
  geckodriver: "geckodriver",
  edgedriver: "Microsoft Edge's driver",
};

/** `allowScripts`, by package name (an entry may pin a version: `sharp@0.34.5`). */
function allowScripts(): Map<string, boolean> {
  const { allowScripts: entries = {} } = readJson("package.json") as {
    allowScripts?: Record<string, boolean>;
  };
  return new Map(
    Object.entries(entries).map(([key, allowed]) => [key.replace(/(?<=.)@[^@/]*$/, ""), allowed]),
  );
}

/** The packages whose lockfile entry has an install script, by name. */
function packagesWithInstallScripts(): string[] {
  const { packages } = readJson("package-lock.json") as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const names = Object.entries(packages)
    // "" is this project itself (its postinstall applies patches/).
    .filter(([key, entry]) => key !== "" && entry.hasInstallScript)
    .map(([key]) => key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length));
  return [...new Set(names)].sort();
}

test("every dependency with an install script has been reviewed: approved or denied in allowScripts", () => {
  const reviewed = allowScripts();
  const withScripts = packagesWithInstallScripts();
  expect(withScripts).toContain("sharp");
  const unreviewed = withScripts
    .filter((name) => !reviewed.has(name))
    .map(
      (name) =>
        `${name} has an install script nobody reviewed: read it, then \`npm install-scripts approve ${name}\` or \`npm install-scripts deny ${name}\``,
    );
  expect(unreviewed).toEqual([]);
});

test("no install script downloads a binary", () => {
  const reviewed = allowScripts();
  const running = Object.entries(DOWNLOADERS)
    .filter(([name]) => reviewed.get(name) !== false)
    .map(
      ([name, what]) =>
        `${name}'s install script would download ${what}: \`npm install-scripts deny ${name}\``,
    );
  expect(running).toEqual([]);
});
