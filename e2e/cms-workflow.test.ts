/**
 * Review before publish: with the editorial workflow a save is a draft on a branch of its own
 * (on GitHub, a pull request the host builds as a deploy preview), the live branch does not
 * change until someone publishes, and publishing merges the draft. decap-server supports the
 * workflow only in git mode, so the test runs it over a throwaway git repository holding a copy of
 * content/.
 *
 * With CMS_GUIDE_SCREENSHOTS=docs/images it also writes the screenshots of the editing guide
 * (docs/editing-content.md), small PNGs taken at each step.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import sharp from "sharp";
import type { Page } from "playwright-core";
import { loadContent } from "../gatsby/lib/content";
import { storedEntries } from "../test/cmsContent";
import { closeBrowser, newPage } from "./lib/browser";
import { git, openAdmin, openEntry, previewFrame, startLocalBackend, type LocalBackend } from "./lib/cms";
import { waitFor } from "./lib/wait";

const SLUG = "humm";
const FILE = `content/works/${SLUG}.yaml`;
const BRANCH = `cms/works/${SLUG}`;
const humm = storedEntries("works").find((w) => w.slug === SLUG)! as Record<string, string>;
const HEADLINE = "Payment plans customers can read at a glance, on every phone";

const shots = process.env.CMS_GUIDE_SCREENSHOTS;
async function screenshot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  const png = await page.screenshot();
  // Small enough for the repository: 1000 px wide, 64 colours.
  await sharp(png)
    .resize({ width: 1000 })
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toFile(path.join(shots, `cms-${name}.png`));
}

let backend: LocalBackend;
before(async () => {
  backend = await startLocalBackend("git");
});
after(async () => {
  await backend?.stop();
  await closeBrowser();
});

const onMain = () => git(backend.repo, "show", `main:${FILE}`);
const branches = () => git(backend.repo, "branch", "--list", "--format=%(refname:short)").split("\n");

test("draft, review, publish: a save is a branch, the live branch changes only when published", async () => {
  const { page, context } = await newPage({ width: 1280, height: 800 });
  page.on("dialog", (dialog) => dialog.accept());
  const admin = await openAdmin(page, backend);
  const before = onMain();

  // Draft: edit, see it in the preview, save.
  await openEntry(page, /^Case studies$/, `${humm.client} (${SLUG})`);
  const preview = previewFrame(page);
  await preview.getByRole("heading", { level: 1, name: humm.headline }).waitFor({ timeout: 60_000 });
  await page.getByRole("textbox", { name: "Headline", exact: true }).fill(HEADLINE);
  await preview.getByRole("heading", { level: 1, name: HEADLINE }).waitFor();
  await screenshot(page, "1-edit-and-preview");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await waitFor(async () => branches().includes(BRANCH), `the branch ${BRANCH}`, 15_000);
  assert.match(git(backend.repo, "show", `${BRANCH}:${FILE}`), new RegExp(`headline: ${HEADLINE}`));
  assert.equal(onMain(), before, "saving a draft must not change the live branch");
  await page
    .getByText(/Status:\s*Draft/i)
    .first()
    .waitFor();
  await screenshot(page, "2-draft-saved");

  // Review: the draft is on the workflow board; it moves to In review, then Ready.
  await page.getByRole("button", { name: /Set status/i }).click();
  await screenshot(page, "3-set-status");
  await page.getByRole("menuitem", { name: /In review/i }).click();
  await page
    .getByText(/Status:\s*In review/i)
    .first()
    .waitFor();
  await page.getByRole("button", { name: /Set status/i }).click();
  await page.getByRole("menuitem", { name: /Ready/i }).click();
  await page
    .getByText(/Status:\s*Ready/i)
    .first()
    .waitFor();
  assert.equal(onMain(), before, "a reviewed draft is still not live");

  await page.goto("/admin/#/workflow");
  const ready = page.getByRole("heading", { name: /Ready/i });
  await ready.waitFor();
  await page.getByText(humm.client).first().waitFor();
  await screenshot(page, "4-workflow-board");

  // Publish: the draft is merged into the live branch and its branch removed.
  await page.goto(`/admin/#/collections/works/entries/${SLUG}`);
  await page.getByRole("button", { name: /^Publish/ }).click();
  await screenshot(page, "5-publish");
  await page.getByRole("menuitem", { name: /Publish now/i }).click();
  await waitFor(async () => onMain() !== before, "the published change on the live branch", 15_000);
  assert.match(onMain(), new RegExp(`headline: ${HEADLINE}`));
  await waitFor(async () => !branches().includes(BRANCH), "the draft's branch removed after publishing");
  // What was published passes the build's checks (the same ones every pull request runs).
  git(backend.repo, "checkout", "-q", "main");
  assert.equal(
    loadContent(path.join(backend.repo, "content")).works.find((w) => w.slug === SLUG)?.headline,
    HEADLINE,
  );
  assert.deepEqual(admin.violations, []);
  await context.close();
});
