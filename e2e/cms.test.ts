/**
 * The web CMS at /admin/ against a local decap-server (started here on a free port, serving a
 * temporary copy of the content): an editor changes a service's headline and saves, and the
 * YAML file on disk changes and still passes the build's validation.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { loadContent } from "../gatsby/lib/content";
import { baseUrl, closeBrowser, newPage } from "./lib/browser";
import { freePort, waitForUrl } from "../test/harness/server";
import { waitFor } from "./lib/wait";

let repo: string;
let server: ChildProcess;
let apiUrl: string;

before(async () => {
  repo = fs.mkdtempSync(path.join(os.tmpdir(), "cms-repo-"));
  fs.cpSync(path.resolve("content"), path.join(repo, "content"), { recursive: true });
  const port = await freePort();
  server = spawn(process.execPath, [require.resolve("decap-server/dist/index.js")], {
    env: { ...process.env, PORT: String(port), GIT_REPO_DIRECTORY: repo, MODE: "fs", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  apiUrl = `http://localhost:${port}/api/v1`;
  await waitForUrl(`http://localhost:${port}/`);
});

after(async () => {
  server?.kill();
  await closeBrowser();
  fs.rmSync(repo, { recursive: true, force: true });
});

test("/admin/ is noindex and not in the sitemap", async () => {
  const html = await (await fetch(`${baseUrl()}/admin/`)).text();
  assert.match(html, /<meta name="robots" content="none">/);
  const sitemap = await (await fetch(`${baseUrl()}/sitemap-0.xml`)).text();
  assert.ok(!sitemap.includes("/admin"));
});

test("an editor changes a service headline in the CMS and the YAML file changes on disk", async () => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  // The CMS calls decap-server at its default address; send that to the server started above.
  await page.route("http://localhost:8081/api/v1", (route) => route.continue({ url: apiUrl }));
  await page.goto("/admin/");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("link", { name: /^Services$/ }).click();
  await page.getByText("NLP Solutions (nlp-solutions)").click();
  const headline = page.getByLabel("Headline", { exact: true });
  await headline.waitFor();
  const newHeadline = "Language AI that reads your documents so your team does not have to";
  await headline.fill(newHeadline);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  const file = path.join(repo, "content/services/nlp-solutions.yaml");
  const text = await waitFor(
    async () => fs.readFileSync(file, "utf8").includes(newHeadline) && fs.readFileSync(file, "utf8"),
    `the new headline saved to ${file}`,
    15_000,
  );
  assert.ok(text.includes(`headline: ${newHeadline}`), text.slice(0, 400));
  assert.equal(text.split("\n")[0], "# yaml-language-server: $schema=../../schemas/json/service.schema.json");
  const content = loadContent(path.join(repo, "content"));
  assert.equal(content.services.find((s) => s.slug === "nlp-solutions")?.headline, newHeadline);
  await context.close();
});
