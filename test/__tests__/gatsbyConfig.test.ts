/** @jest-environment node */
/**
 * What `gatsby build` does with a broken site.yaml or malformed GATSBY_ settings: it stops while loading
 * gatsby-config, with the message that names the fix. Gatsby runs for real, in a throwaway project
 * folder that links to this one's sources, so nothing here touches the worktree's .cache or public/.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeContent, type Fixture } from "../contentFixture";

const root = path.resolve(__dirname, "../..");
// What gatsby-config and gatsby-node import; not src/, so even a build that went further could
// not write into this worktree.
const LINKED = [
  "node_modules",
  "package.json",
  "gatsby-config.ts",
  "gatsby-node.ts",
  "gatsby",
  "shared",
  "schemas",
];

let project: string;
let fx: Fixture;
beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "config-"));
  for (const name of LINKED) fs.symlinkSync(path.join(root, name), path.join(project, name));
  fx = makeContent();
});
afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
  fx.cleanup();
});

function gatsbyBuild(env: Record<string, string>) {
  const run = spawnSync(process.execPath, [path.join(root, "node_modules/gatsby/cli.js"), "build"], {
    cwd: project,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NO_COLOR: "1", ...env },
    encoding: "utf8",
    // It stops in seconds; the limit is for a hang. In a fresh-clone run beside a site build and
    // three browsers, 120 s passed before Gatsby printed a line.
    timeout: 300_000,
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

test("a broken site.yaml stops the build at gatsby-config with the loader's report", () => {
  fx.write("site.yaml", { ...fx.read("site.yaml"), siteUrl: "www.example.com/" });
  const run = gatsbyBuild({ CONTENT_DIR: fx.dir });
  expect(run.output).toContain(
    `${path.basename(fx.dir)}/site.yaml › siteUrl: write the site's https:// address without a path, e.g. https://www.example.com`,
  );
  expect(run.status).not.toBe(0);
  // It stopped while compiling the config: nothing was sourced or built.
  expect(run.output).not.toMatch(/source and transform nodes/);
});

test("malformed GATSBY_ settings stop the build at gatsby-config, each named with its fix in one report", () => {
  const run = gatsbyBuild({
    CONTENT_DIR: fx.dir,
    GATSBY_GA_MEASUREMENT_ID: "UA-123",
    GATSBY_COUNTRY_LOOKUP_URL: "http://geo.example.com/",
    GATSBY_CMS_AUTH_SCOPE: "admin:org",
  });
  expect(run.output).toContain(
    'GATSBY_GA_MEASUREMENT_ID: "UA-123" is not a GA4 measurement id such as G-AB12CD34EF; fix it or unset it',
  );
  expect(run.output).toContain(
    'GATSBY_COUNTRY_LOOKUP_URL: "http://geo.example.com/" must be an https:// address',
  );
  expect(run.output).toContain(
    'GATSBY_CMS_AUTH_SCOPE: "admin:org" is not a scope the CMS asks GitHub for: write public_repo',
  );
  expect(run.status).not.toBe(0);
  expect(run.output).not.toMatch(/source and transform nodes/);
});
