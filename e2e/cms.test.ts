/**
 * The web CMS at /admin/ against a local decap-server in file mode (e2e/lib/cms.ts: a temporary
 * copy of the content): an editor changes a service's headline and saves, and the YAML file on
 * disk changes and still passes the build's validation. File mode has no branches, so Decap
 * publishes straight into the files there (the editorial workflow needs git mode: see
 * e2e/cms-workflow.test.ts). A value the build would refuse (a year out of the schema's range) is
 * refused in the form, before it is saved, and what the editor typed stays.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadContent } from "../gatsby/lib/content";
import { baseUrl, newPage } from "./lib/browser";
import { localBackendForTests, openAdmin, openEntry } from "./lib/cms";
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

test("a year out of the schema's range is refused before it is saved, and the digits typed stay", async () => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  await openAdmin(page, backend());
  await openEntry(page, /^Case studies$/, "Humm (humm)");
  const file = path.join(backend().repo, "content/works/humm.yaml");
  const before = fs.readFileSync(file, "utf8");
  const year = page.getByRole("spinbutton", { name: /^Year/ });
  await year.fill("1999");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  // The field says what is wrong and what is allowed; nothing is written; the year stays as typed.
  await page.getByText("Year must be between 2010 and 2030.").waitFor();
  assert.equal(await year.inputValue(), "1999");
  assert.equal(fs.readFileSync(file, "utf8"), before);
  // Corrected, it saves, as a number.
  await year.fill("2024");
  await page.getByRole("button", { name: "Publish" }).click();
  await page.getByText("Publish now").click();
  await waitFor(
    async () => fs.readFileSync(file, "utf8").includes("year: 2024"),
    `year: 2024 in ${file}`,
    15_000,
  );
  assert.equal(
    loadContent(path.join(backend().repo, "content")).works.find((w) => w.slug === "humm")?.year,
    2024,
  );
  await context.close();
});
