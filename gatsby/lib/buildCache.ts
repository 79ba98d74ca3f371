/**
 * What a build step made of an input, kept in Gatsby's .cache between builds, so that a warm
 * rebuild skips the work whose input did not change: the key is the SHA-256 of the input (and of
 * what else decides the output: `version`), so a changed input, or a changed step, misses and is
 * made again. A host keeps .cache (and public/) from one build to the next (Netlify's build cache,
 * through gatsby-adapter-netlify), as it keeps Gatsby's own caches; without it every step runs as
 * on a first build. The steps: social cards (./renderSocialImages.ts), each page's inline-script
 * hashes (./pagePolicies.ts), the Markdown copies (gatsby/node/onPostBuild.ts).
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The folder of these caches: in .cache, which `gatsby clean` empties. */
export const buildCacheDir = (root = process.cwd()): string => path.join(root, ".cache", "copperline");

export const sha256 = (text: string | Buffer): string => createHash("sha256").update(text).digest("hex");

const codeVersions = new Map<string, string>();

/**
 * The version of the build's own code and every installed package: the SHA-256 of the source
 * files of gatsby/, shared/ and schemas/ and of package-lock.json. A cache made by other code is
 * not used (Gatsby empties .cache only when gatsby-config, gatsby-node or a plugin changes).
 */
export function buildCodeVersion(root = process.cwd()): string {
  let version = codeVersions.get(root);
  if (!version) {
    const hash = createHash("sha256").update(fs.readFileSync(path.join(root, "package-lock.json")));
    for (const dir of ["gatsby", "shared", "schemas"]) {
      const files = fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f) && !f.includes("__tests__"))
        .sort();
      for (const file of files) hash.update(file).update(fs.readFileSync(path.join(root, dir, file)));
    }
    version = hash.digest("hex");
    codeVersions.set(root, version);
  }
  return version;
}

export class DigestCache<T> {
  private readonly previous: Record<string, T>;
  private readonly used: Record<string, T> = {};
  /** How many inputs were found from the last build, and how many were made in this one. */
  hits = 0;
  misses = 0;

  /** `file` in buildCacheDir(); `version` names what else decides the output. */
  constructor(
    private readonly file: string,
    private readonly version: string,
  ) {
    try {
      const saved = JSON.parse(fs.readFileSync(file, "utf8")) as {
        version: string;
        entries: Record<string, T>;
      };
      this.previous = saved.version === version ? saved.entries : {};
    } catch {
      this.previous = {};
    }
  }

  /** The cache `name` of the project in `root`, made by this build code with `version`. */
  static at<T>(name: string, version: string, root = process.cwd()): DigestCache<T> {
    return new DigestCache<T>(
      path.join(buildCacheDir(root), `${name}.json`),
      `${buildCodeVersion(root)} ${version}`,
    );
  }

  /** What was made of `input` by this build or the last one, if anything. */
  lookup(input: string | Buffer): T | undefined {
    const key = sha256(input);
    if (key in this.used) return this.used[key];
    if (!(key in this.previous)) return undefined;
    this.hits++;
    return (this.used[key] = this.previous[key]);
  }

  /** Records what was made of `input`. */
  store(input: string | Buffer, value: T): T {
    this.misses++;
    return (this.used[sha256(input)] = value);
  }

  /** What was made of `input`, or `make()` now. */
  get(input: string | Buffer, make: () => T): T {
    const found = this.lookup(input);
    return found === undefined ? this.store(input, make()) : found;
  }

  /** Keeps what this build used (and nothing older), for the next build. */
  save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const partial = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, JSON.stringify({ version: this.version, entries: this.used }));
    fs.renameSync(partial, this.file);
  }
}
