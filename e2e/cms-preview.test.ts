/**
 * The CMS preview shows the real page: the site's own views and styles, from the entry being
 * edited (src/cms/preview). Against the built site and a local decap-server in file mode (the
 * preview needs no branches).
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { SEARCH_RESULT_LENGTHS } from "../schemas";
import { socialCards, socialImageSvg } from "../shared/socialImages";
import { previewImageData } from "../src/cms/preview/images";
import { cutForSearch } from "../src/cms/preview/searchResult";
import { SiteGraph } from "../src/cms/preview/siteGraph";
import { storedContent, storedEntries } from "../test/cmsContent";
import { workLinkName } from "../src/lib/workLinkName";
import { newPage } from "./lib/browser";
import { localBackendForTests, openAdmin, openEntry, previewFrame } from "./lib/cms";
import { until } from "./lib/wait";

const publicDir = path.resolve("public");
const humm = storedEntries("works").find((w) => w.slug === "humm")! as Record<string, string>;

describe("the preview's data is what the build gives the same views", () => {
  // Every image resolves (as every image of the content exists); the image data itself differs by
  // design (the preview shows the file as picked, the build its processed sizes).
  const graph = new SiteGraph(storedContent(), (p) => previewImageData(`blob:${p}`));

  /** Differences between a query result and the graph's value, read with the query's selection. */
  function differences(expected: unknown, actual: unknown, at: string, out: string[] = []): string[] {
    if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) {
        out.push(
          `${at}: ${JSON.stringify(expected)?.slice(0, 200)} != ${JSON.stringify(actual)?.slice(0, 200)}`,
        );
        return out;
      }
      expected.forEach((e, i) => differences(e, actual[i], `${at}[${i}]`, out));
    } else if (expected && typeof expected === "object") {
      if (!actual || typeof actual !== "object") out.push(`${at}: an object, got ${JSON.stringify(actual)}`);
      else
        for (const [key, value] of Object.entries(expected)) {
          if (key === "gatsbyImageData") continue;
          differences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`, out);
        }
    } else if ((expected ?? null) !== (actual ?? null)) {
      out.push(`${at}: ${JSON.stringify(expected)} != ${JSON.stringify(actual)}`);
    }
    return out;
  }

  function pageDataFiles(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const full = path.join(dir, d.name);
      if (d.isDirectory()) return d.name === "sq" ? [] : pageDataFiles(full);
      return d.name === "page-data.json" ? [full] : [];
    });
  }

  test("every page's query result, entry by entry, and its breadcrumbs", () => {
    const files = pageDataFiles(path.join(publicDir, "page-data"));
    let compared = 0;
    const problems: string[] = [];
    for (const file of files) {
      const { path: pagePath, result } = JSON.parse(fs.readFileSync(file, "utf8"));
      const { data, pageContext } = result as {
        data: Record<string, unknown> | undefined;
        pageContext: { slug?: string; breadcrumbs?: unknown; skip?: number; limit?: number };
      };
      if (!data || !pageContext.slug) continue; // 404 and the like: no entry behind them
      for (const [root, value] of Object.entries(data)) {
        const mine =
          root === "siteSettings"
            ? graph.file("SiteSettings")
            : root === "allWork"
              ? {
                  nodes: (graph.staticQueryData().allWork as { nodes: unknown[] }).nodes.slice(
                    pageContext.skip ?? 0,
                    (pageContext.skip ?? 0) + (pageContext.limit ?? Infinity),
                  ),
                }
              : graph.node(root[0].toUpperCase() + root.slice(1), pageContext.slug);
        problems.push(...differences(value, mine, `${pagePath} ${root}`));
      }
      problems.push(
        ...differences(pageContext.breadcrumbs, graph.crumbs(pagePath), `${pagePath} breadcrumbs`),
      );
      compared++;
    }
    assert.equal(compared, graph.routes().length, "every page of the route table compared");
    assert.deepEqual(problems.slice(0, 20), []);
  });

  test("every static query's result (menus, footer, settings, lists)", () => {
    const dir = path.join(publicDir, "page-data/sq/d");
    // The static queries the site's pages load (one for the whole layout: src/hooks/useSiteData.ts).
    const hashes = new Set<string>(
      ["index", "contact", "works"].flatMap(
        (page) =>
          JSON.parse(fs.readFileSync(path.join(publicDir, "page-data", page, "page-data.json"), "utf8"))
            .staticQueryHashes,
      ),
    );
    assert.ok(hashes.size >= 1, "the pages load a static query");
    const problems = [...hashes].flatMap((hash) => {
      const { data } = JSON.parse(fs.readFileSync(path.join(dir, `${hash}.json`), "utf8"));
      return differences(data, graph.staticQueryData(), `static query ${hash}`);
    });
    assert.deepEqual(problems.slice(0, 20), []);
  });

  test("no public page loads the preview's code: it is in the /admin/ bundle only", () => {
    const marker = "Its card in lists across the site";
    const scripts = fs.readdirSync(publicDir).filter((f) => f.endsWith(".js"));
    assert.ok(scripts.length > 5);
    assert.deepEqual(
      scripts.filter((f) => fs.readFileSync(path.join(publicDir, f), "utf8").includes(marker)),
      [],
    );
    assert.ok(fs.readFileSync(path.join(publicDir, "admin/cms.js"), "utf8").includes(marker));
  });
});

describe("in the admin", () => {
  const backend = localBackendForTests();

  /** The computed styles that make an element look like the site's (fonts, colours, borders). */
  const looks = (locator: Locator, props: string[]) =>
    locator.evaluate(
      (el, names) => Object.fromEntries(names.map((n) => [n, getComputedStyle(el).getPropertyValue(n)])),
      props,
    );
  const HEADING = ["color", "font-family", "font-weight", "text-transform"];
  const CARD = [
    "border-top-width",
    "border-top-style",
    "border-top-color",
    "border-radius",
    "background-color",
  ];
  const CARD_TEXT = ["color", "font-family", "font-size"];

  /** The same elements on the built site: the case study's page and its card on /works. */
  async function liveLooks(page: Page) {
    await page.goto("/works/humm");
    const heading = await looks(page.getByRole("heading", { level: 1 }), HEADING);
    await page.goto("/works");
    const card = page
      .getByRole("region", { name: "Case studies" })
      .getByRole("link", { name: workLinkName({ client: humm.client, title: humm.title }) });
    const item = card.locator("xpath=ancestor::li[1]");
    return {
      heading,
      card: await looks(item, CARD),
      text: await looks(item.getByText(humm.outcome), CARD_TEXT),
    };
  }

  test("an editor edits a case study's headline, title and outcome and sees them, styled as on the site", async () => {
    const { page, context } = await newPage({ width: 1400, height: 900 });
    const live = await liveLooks(page);
    const admin = await openAdmin(page, backend());
    await openEntry(page, /^Case studies$/, `${humm.client} (humm)`);
    const preview = previewFrame(page);
    const h1 = preview.getByRole("heading", { level: 1 });
    // The preview first reads every stored entry through the backend: slow on a busy host.
    await h1.waitFor({ timeout: 60_000 });
    assert.equal(await h1.textContent(), humm.headline);

    const edited = {
      headline: "Payment plans customers can read at a glance",
      title: "Humm: payment plans without the phone calls",
      outcome: "Fewer customers phone to ask what they owe and when it is due.",
    };
    // Decap adds "(optional)" to the label of a field the schema does not require (the outcome).
    const field = (name: string) =>
      page.getByRole("textbox", { name: new RegExp(`^${name}( \\(optional\\))?$`) });
    await field("Headline").fill(edited.headline);
    await field("Title").fill(edited.title);
    await field("Outcome").fill(edited.outcome);

    // The page's heading, as the editor typed it, in the site's heading style.
    await until(h1, ([el, headline]) => el.textContent === headline, edited.headline);
    assert.deepEqual(await looks(h1, HEADING), live.heading);
    // Its card, as lists across the site show it: the title names the link, the outcome is its text.
    const cards = preview.getByRole("region", { name: "Its card in lists across the site" });
    const link = cards.getByRole("link", { name: edited.title });
    await link.waitFor();
    const item = link.locator("xpath=ancestor::li[1]");
    assert.deepEqual(await looks(item, CARD), live.card);
    assert.deepEqual(await looks(item.getByText(edited.outcome), CARD_TEXT), live.text);
    assert.deepEqual(admin.violations, []);
    await context.close();
  });

  test("an editor changes a case study's title and description and sees its search result and social card change", async () => {
    const { page, context } = await newPage({ width: 1400, height: 900 });
    const admin = await openAdmin(page, backend());
    await openEntry(page, /^Case studies$/, `${humm.client} (humm)`);
    const preview = previewFrame(page);
    const result = preview.getByRole("group", { name: "Search result" });
    const site = storedEntries("site")[0] as { name: string; tagline: string; siteUrl: string };
    const card = (title: string) =>
      preview.getByRole("img", { name: `Social card: Case study · ${humm.client}, ${title}` });
    // Before: the stored title and description (the page's <title> adds the site's name).
    await result.getByText(humm.description).waitFor({ timeout: 60_000 });
    await card(humm.title).waitFor();

    const edited = {
      title: "Humm: payment plans without the phone calls",
      description:
        "How Humm's customers see every payment plan, what is due and when, on one screen of the app, so they no longer phone the support team to ask what they owe.",
    };
    const field = (name: string) => page.getByRole("textbox", { name: new RegExp(`^${name}$`) });
    await field("Title").fill(edited.title);
    await field("Description").fill(edited.description);

    // The search result: the title as search results cut it (61 characters with the site's name,
    // over the content checks' 60), with a warning; the description whole (within 170).
    const fullTitle = `${edited.title} | ${site.name}`;
    await result.getByText(cutForSearch(fullTitle, SEARCH_RESULT_LENGTHS.title), { exact: true }).waitFor();
    await result.getByText(edited.description, { exact: true }).waitFor();
    await preview
      .getByText(
        `Title: ${fullTitle.length} of ${SEARCH_RESULT_LENGTHS.title} characters. Search results cut it after about ${SEARCH_RESULT_LENGTHS.title}: the rest is not shown.`,
      )
      .waitFor();
    await preview
      .getByText(
        `Description: ${edited.description.length} of ${SEARCH_RESULT_LENGTHS.description} characters`,
      )
      .waitFor();
    // The social card: node for node the SVG the build turns into /og/work/humm.png, drawn in the
    // build's font (DejaVu Sans from the npm package, loaded by the preview's document).
    const built = socialImageSvg(
      socialCards.work(site, { slug: "humm", client: humm.client, title: edited.title }),
    );
    await until(
      card(edited.title),
      ([el, svg]) => {
        const expected = el.ownerDocument.createElement("div");
        expected.innerHTML = svg;
        return !!el.firstElementChild?.isEqualNode(expected.firstElementChild);
      },
      built,
    );
    await until(card(edited.title), ([el]) =>
      [...el.ownerDocument.fonts].some(
        (f) => f.family.replace(/"/g, "") === "DejaVu Sans" && f.weight === "700" && f.status === "loaded",
      ),
    );
    assert.deepEqual(admin.violations, []);
    await context.close();
  });

  test("the entry's own images come from its paths through the backend", async () => {
    const { page, context } = await newPage({ width: 1400, height: 900 });
    await openAdmin(page, backend());
    await openEntry(page, /^Case studies$/, `${humm.client} (humm)`);
    const preview = previewFrame(page);
    // The hero's picture (the entry's card further down shows it too).
    const cover = preview
      .getByRole("img", { name: (humm as unknown as { cover: { alt: string } }).cover.alt })
      .first();
    await cover.waitFor({ timeout: 60_000 });
    // Loaded in the preview's frame.
    await until(
      cover,
      ([img]: [HTMLImageElement, null]) => img.complete && img.naturalWidth > 0,
      null,
      30_000,
    );
    assert.match(await cover.evaluate((img: HTMLImageElement) => img.currentSrc), /^blob:/);

    await context.close();
  });
});
