/**
 * Two browser hooks of Gatsby's plugins are replaced with an empty module in production builds
 * (gatsby/node/onCreateWebpackConfig.ts, docs/upgrading.md): gatsby-plugin-decap-cms's Netlify
 * Identity hook and Gatsby's internal Partytown hook. Both aliases name a file inside
 * node_modules; if a release moves that file, the alias silently does nothing and the hook is
 * back in every visitor's scripts. These tests read the build the e2e run made (public/).
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

const root = path.resolve(__dirname, "..");
const publicDir = path.join(root, "public");

/** The site's scripts: webpack's bundles at the top of public/ (the CMS's own live under admin/). */
const bundles = fs
  .readdirSync(publicDir)
  .filter((name) => name.endsWith(".js"))
  .map((name) => ({ name, text: fs.readFileSync(path.join(publicDir, name), "utf8") }));

/** Each replaced hook: the file the alias names, and a string only its code carries. */
const HOOKS = [
  {
    hook: "gatsby-plugin-decap-cms's Netlify Identity hook",
    file: "node_modules/gatsby-plugin-decap-cms/gatsby-browser.js",
    marker: "email_change",
  },
  {
    hook: "Gatsby's internal Partytown hook (its snippet injector)",
    file: "node_modules/gatsby/dist/internal-plugins/partytown/utils/inject-partytown-snippet.js",
    marker: "partytown-sandbox-sw",
  },
];

for (const { hook, file, marker } of HOOKS) {
  test(`no bundle carries ${hook}`, () => {
    // The marker really is that hook's code, so its absence below means the alias worked.
    assert.ok(fs.readFileSync(path.join(root, file), "utf8").includes(marker), `${file} holds "${marker}"`);
    assert.ok(bundles.length > 20, `public/ holds a build (${bundles.length} scripts)`);
    const carrying = bundles.filter((b) => b.text.includes(marker)).map((b) => b.name);
    assert.deepEqual(
      carrying,
      [],
      `bundles with "${marker}": the alias in onCreateWebpackConfig no longer applies`,
    );
  });
}
