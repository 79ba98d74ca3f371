/**
 * The web CMS at /admin/ against a local decap-server in file mode (e2e/lib/cms.ts: a temporary
 * copy of the content): an editor changes a service's headline and saves, and the YAML file on
 * disk changes and still passes the build's validation. File mode has no branches, so Decap
 * publishes straight into the files there (the editorial workflow needs git mode: see
 * e2e/cms-workflow.test.ts).
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadContent } from "../gatsby/lib/content";
import { baseUrl, newPage } from "./lib/browser";
import { localBackendForTests, openAdmin } from "./lib/cms";
import { waitFor } from "./lib/wait";

const backend = localBackendForTests();

test("/admin/ is noindex and not in the sitemap", async () => {
  const html = await (await fetch(`${baseUrl()}/admin/`)).text();
  assert.match(html, /<meta name="robots" content="none">/);
  const sitemap = await (await fetch(`${baseUrl()}/sitemap-0.xml`)).text();
  assert.ok(!sitemap.includes("/admin"));
});

test("an editor changes a service headline in the CMS and the YAML file changes on disk", async () => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  await openAdmin(page, backend());
  await page.getByRole("link", { name: /^Services$/ }).click();
  await page.getByText("NLP Solutions (nlp-solutions)").click();
  const headline = page.getByLabel("Headline", { exact: true });
  await headline.waitFor();
  const newHeadline = "Language AI that reads your documents so your team does not have to";
  await headline.fill(newHeadline);
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  const file = path.join(backend().repo, "content/services/nlp-solutions.yaml");
  const text = await waitFor(
    async () => fs.readFileSync(file, "utf8").includes(newHeadline) && fs.readFileSync(file, "utf8"),
    `the new headline saved to ${file}`,
    15_000,
  );
  assert.ok(text.includes(`headline: ${newHeadline}`), text.slice(0, 400));
  assert.equal(text.split("\n")[0], "# yaml-language-server: $schema=../../schemas/json/service.schema.json");
  const content = loadContent(path.join(backend().repo, "content"));
  assert.equal(content.services.find((s) => s.slug === "nlp-solutions")?.headline, newHeadline);
  await context.close();
});
