/**
 * The editorial workflow at /admin/, against a local decap-server in git mode (e2e/lib/cms.ts: a
 * throwaway repository whose main branch holds a copy of the content). On GitHub a draft is a
 * branch and a pull request; here it is the branch: what an editor saves must stay off the live
 * branch until someone publishes it, and publishing must put exactly that change there.
 *
 * With UPDATE_SCREENSHOTS=1 the test also saves the pictures of docs/editing-content.md's
 * "Draft, review, publish" walk-through (docs/images/editing/), taken at each step it checks.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { loadContent } from "../gatsby/lib/content";
import { newPage } from "./lib/browser";
import { git, localBackendForTests, openAdmin, openEntry, previewFrame } from "./lib/cms";
import { until, waitFor } from "./lib/wait";

const backend = localBackendForTests("git");

const FILE = "content/works/humm.yaml";
const HEADLINE = "Budgeting that a household checks every morning";
/** Typed key by key (47 keys, 40 ms apart): its images are held back for the first half, and arrive in the second. */
const TYPED = "Household budgets checked over breakfast, daily";
const SCREENSHOTS = path.resolve("docs/images/editing");

/** Saves a picture for the editing guide when asked to (UPDATE_SCREENSHOTS=1). */
async function picture(page: Page, name: string, clip?: Locator): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== "1") return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await (clip ?? page).screenshot({ path: file, animations: "disabled" });
}

/** The file's text on a branch of the backend's repository ("" when the branch lacks it). */
const onBranch = (branch: string): string => {
  try {
    return git(backend().repo, "show", `${branch}:${FILE}`);
  } catch {
    return "";
  }
};
/**
 * The preview pane shows the edited page: its heading is the headline. It first reads every
 * stored entry through the backend (slow on a busy host), and again when an entry is reopened.
 */
const previewShows = (page: Page, headline: string): Promise<void> =>
  previewFrame(page).getByRole("heading", { level: 1, name: headline }).waitFor({ timeout: 60_000 });

const branches = () => git(backend().repo, "branch", "--format=%(refname:short)").split("\n").filter(Boolean);

/** The case study's headline field (Decap adds "(optional)" to a field the schema does not require). */
const headlineField = (page: Page) => page.getByRole("textbox", { name: /^Headline( \(optional\))?$/ });

test("keys typed as soon as an entry opens are all kept while its images are loading and as they arrive", async () => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  // The entry's images are held back until half the keys are in, as from a slow host (on GitHub,
  // an API request each); then they arrive while the rest are typed.
  const admin = await openAdmin(page, backend(), undefined, { holdImages: true });
  await openEntry(page, /^Case studies$/, "Humm (humm)");
  const headline = headlineField(page);
  // From the moment the field can take focus: no wait for the preview or any image. On an editor's
  // slower computer (the CPU slowed 4x while typing): keys were lost there that a fast one kept.
  await headline.click();
  await page.keyboard.press("ControlOrMeta+A");
  const cpu = await context.newCDPSession(page);
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const half = Math.ceil(TYPED.length / 2);
  await page.keyboard.type(TYPED.slice(0, half), { delay: 40 });
  // The entry asked for its images as it opened (else this test would prove nothing): they are
  // still on their way. Now they go, and keys keep coming as they arrive; the last 8 at least
  // once the backend has answered one.
  assert.ok(admin.images.length > 0, "the entry asked for its images before half the keys were in");
  const answered = () => admin.images.some((i) => i.answered !== undefined);
  admin.releaseImages();
  let next = half;
  while (next < TYPED.length - 8 && !answered()) await page.keyboard.type(TYPED[next++], { delay: 40 });
  await waitFor(async () => answered(), "the backend answered an image", 30_000);
  await page.keyboard.type(TYPED.slice(next), { delay: 40 });
  await cpu.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  // Every key, in order, in the field (given 10 s to settle; the assertion says what it holds
  // otherwise) and in the preview's heading.
  await until(headline, ([el, value]) => (el as HTMLInputElement).value === value, TYPED).catch(() => {});
  assert.equal(await headline.inputValue(), TYPED, "the field holds every key typed, in order");
  await previewShows(page, TYPED);
  assert.deepEqual(admin.violations, []);
  await context.close();
});

test("a save is a draft on its own branch; review and publish are separate steps that put it live", async () => {
  const { page, context } = await newPage({ width: 1280, height: 900 });
  const admin = await openAdmin(page, backend());
  await openEntry(page, /^Case studies$/, "Humm (humm)");
  const headline = headlineField(page);
  const before = onBranch("main");
  await headline.fill(HEADLINE);
  // In git mode too, the preview is the page with the new headline, as the guide shows it, and
  // the field shows what the editor typed at once, whether or not the images have loaded (the
  // test above types into it while they load).
  await previewShows(page, HEADLINE);
  assert.equal(await headline.inputValue(), HEADLINE);
  // The policy is judged once the preview's images have come: it asks for them when it has been
  // still for a second (src/cms/preview/previewData.ts), and Decap reads each one back from the
  // blob: URL it made of it. Judged before, on a fast host, this passed with those reads refused.
  await waitFor(
    async () => admin.images.length > 0 && admin.images.every((i) => i.answered !== undefined),
    "the preview's images answered",
    30_000,
  ).catch(() => {});
  await previewFrame(page)
    .locator('img[src^="blob:"]')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => {});
  assert.deepEqual(admin.violations, [], "the admin's policy refuses nothing the editor needs");
  await picture(page, "1-edit");

  // Save: a draft. The live branch is untouched; the draft's branch holds the change.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const draftBranch = await waitFor(
    async () => branches().find((b) => b.startsWith("cms/") && onBranch(b).includes(HEADLINE)) ?? false,
    "a branch with the draft",
    15_000,
  );
  assert.equal(onBranch("main"), before, "the live branch is unchanged by a save");
  const status = page.getByRole("button", { name: /^Status: / });
  await status.filter({ hasText: "Draft" }).waitFor();
  await previewShows(page, HEADLINE);
  await picture(page, "2-draft-saved");

  // Review: the status moves through the workflow; still nothing reaches the live branch.
  await status.click();
  await page.getByRole("menuitem", { name: "In review" }).click();
  await status.filter({ hasText: "In review" }).waitFor();
  await status.click();
  await page.getByRole("menuitem", { name: "Ready" }).click();
  await status.filter({ hasText: "Ready" }).waitFor();
  assert.equal(onBranch("main"), before, "the live branch is unchanged by a review");

  // The Workflow board (out of the editor, back to the collection) lists the draft under Ready.
  await page.getByText("Writing in Case studies collection").click();
  await page.getByRole("link", { name: "Workflow" }).click();
  const ready = page.getByText("Ready", { exact: false }).first();
  await ready.waitFor();
  await page.getByText(/Humm/).first().waitFor();
  await picture(page, "3-workflow-board");

  // Publish: the draft's change, and only it, is on the live branch; the draft branch is gone.
  await page.getByText(/Humm/).first().click();
  // The draft reopened from the board: its preview is the draft, not the live page.
  await previewShows(page, HEADLINE);
  await page.getByRole("button", { name: /^Publish/ }).click();
  await picture(page, "4-publish-menu");
  // Decap asks "Are you sure you want to publish this entry?" (the browser's confirm).
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByText("Publish now").click();
  const live = await waitFor(
    async () => onBranch("main").includes(HEADLINE) && onBranch("main"),
    "the published headline on main",
    15_000,
  );
  // decap-server removes the draft's branch just after merging it.
  await waitFor(
    async () => !branches().includes(draftBranch),
    `the draft branch ${draftBranch} merged and removed`,
    15_000,
  );
  const changed = git(backend().repo, "diff", "--name-only", "HEAD~1", "HEAD").trim();
  assert.equal(changed, FILE, "publishing changed the edited file only");
  assert.equal(live.split("\n")[0], before.split("\n")[0], "the file keeps its schema line");
  const content = loadContent(path.join(backend().repo, "content"));
  assert.equal(content.works.find((w) => w.slug === "humm")?.headline, HEADLINE);
  await context.close();
});
