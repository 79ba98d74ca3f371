/**
 * The consultation modal is a chunk of its own, fetched once the page is idle (or when a visitor
 * opens it first). When that chunk cannot load (a dropped connection, a deploy that removed it), the page must stay and the
 * visitor must reach the form another way: the consultation page.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { loadContent } from "../gatsby/lib/content";
import { contentDir } from "../gatsby/lib/paths";
import { pagePath } from "../shared/routes";
import { closeBrowser, newPage, open } from "./lib/browser";
import { chunkFiles } from "./lib/html";

after(closeBrowser);

const content = loadContent(contentDir());
/** Where the consultation form is: the page content/navigation.yaml names, at its route. */
const consultationPath = pagePath(content.navigation.consultation.page);
const dialogLabel = content.navigation.consultation.dialogLabel;

test("if the modal's chunk cannot load, the page stays and the visitor lands on the consultation page", async () => {
  const files = chunkFiles("consultation-modal");
  const { page, context } = await newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const blocked: string[] = [];
  await page.route(
    (url) => files.includes(url.pathname),
    async (route) => {
      blocked.push(new URL(route.request().url()).pathname);
      await route.abort("connectionreset");
    },
  );
  const service = content.services[0];
  await open(page, `/services/${service.slug}`);
  // Watch for the page going blank (React unmounting the whole page) from here on.
  await page.evaluate(() => {
    const w = window as unknown as { blanked: boolean; watching: boolean };
    w.blanked = false;
    w.watching = true;
    const root = document.getElementById("___gatsby")!;
    new MutationObserver(() => {
      if (!root.querySelector("main h1")) w.blanked = true;
    }).observe(root, { childList: true, subtree: true });
  });

  await page.getByRole("main").getByRole("link", { name: dialogLabel }).first().click();

  await page.waitForURL((url) => url.pathname === consultationPath, { timeout: 10_000 });
  assert.ok(blocked.length > 0, "the modal's chunk was requested (and refused)");
  // The consultation page, inside the same layout: its heading, the navbar and the footer.
  await page.getByRole("main").getByRole("heading", { level: 1 }).waitFor();
  await page.getByRole("main").getByLabel("Full name").waitFor();
  assert.equal(await page.getByRole("navigation").first().isVisible(), true);
  assert.equal(await page.getByRole("contentinfo").isVisible(), true);
  assert.equal(await page.getByRole("dialog").count(), 0);
  // The same document all along (a client-side navigation), and it never went blank.
  assert.deepEqual(
    await page.evaluate(() => {
      const w = window as unknown as { blanked?: boolean; watching?: boolean };
      return { watching: w.watching, blanked: w.blanked };
    }),
    { watching: true, blanked: false },
  );
  assert.deepEqual(errors, []);
  await context.close();
});
